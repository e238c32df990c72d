import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { unreadableReason } from '../fs/fsError.js';

/** Bytes at the start of a file whose hash tells a grown file from a rewritten one. */
export const HEAD_BYTES = 4096;

/** What the index remembers of a file to know, by stat alone, that it has not changed. */
export interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  /** How many bytes the head hash covers: a file shorter than HEAD_BYTES is hashed whole. */
  readonly headBytes: number;
  readonly headHash: string;
}

/**
 * The SQL declarations of a file identity's columns, as the index's and the catalog's tables declare them; each table
 * joins them with the commas between its own columns, so they may stand anywhere in its list.
 */
export const IDENTITY_COLUMN_DECLARATIONS: readonly string[] = [
  'dev INTEGER NOT NULL',
  'ino INTEGER NOT NULL',
  'size INTEGER NOT NULL',
  'mtime_ms REAL NOT NULL',
  'head_bytes INTEGER NOT NULL',
  'head_hash TEXT NOT NULL',
];

/** A file identity's columns in the order the index and the catalog store them (dev, ino, size, mtime, head bytes, head hash). */
export const identityColumns = (id: FileIdentity): [number, number, number, number, number, string] => [
  id.dev,
  id.ino,
  id.size,
  id.mtimeMs,
  id.headBytes,
  id.headHash,
];

/** The hash of a file's first `bytes` bytes, read through an open descriptor. */
export function headHash(fd: number, bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  let read = 0;
  while (read < bytes) {
    const n = readSync(fd, buffer, read, bytes - read, read);
    if (n === 0) break;
    read += n;
  }
  return createHash('sha256').update(buffer.subarray(0, read)).digest('hex');
}

/** The identity of an open file now. */
export function identityOf(fd: number): FileIdentity {
  const stats = fstatSync(fd);
  const headBytes = Math.min(stats.size, HEAD_BYTES);
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, headBytes, headHash: headHash(fd, headBytes) };
}

/**
 * Opens a file for reading: undefined when it is gone (a session deleted between the walk and the
 * read), why when this one file cannot be read (no permission, a link loop), which the pass then
 * skips and names (decision 107).
 */
export function openIfThere(path: string): number | { readonly unreadable: string } | undefined {
  try {
    return openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const reason = unreadableReason(error);
    if (reason === undefined) throw error;
    return { unreadable: reason };
  }
}

export { closeSync };
