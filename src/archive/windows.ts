import { createHash } from 'node:crypto';
import { openRegular } from '../fs/regularFile.js';
import type { ManifestRecord } from './manifest.js';

/**
 * Whether the file still holds the stored bytes at the record's head and tail windows: with its
 * size, how a run tells growth from a rewrite after reading at most 8 KiB (decision 73).
 */
export async function windowsMatch(path: string, last: ManifestRecord): Promise<boolean> {
  const handle = await openRegular(path);
  try {
    const read = async (start: number, length: number): Promise<string> => {
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await handle.read(bytes, 0, length, start);
      return createHash('sha256').update(bytes.subarray(0, bytesRead)).digest('hex');
    };
    return (await read(0, last.headLength)) === last.head && (await read(last.tailStart, last.end - last.tailStart)) === last.tail;
  } finally {
    await handle.close();
  }
}
