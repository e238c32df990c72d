import { createHash } from 'node:crypto';

/** The sha256 of some text or bytes, in hex: how memlog's records name file contents. */
export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
