import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { HEAD_BYTES } from '../search/fileIdentity.js';

/** The hash of the (at most HEAD_BYTES) bytes before `end`: a file rewritten in place rarely keeps them where they were. */
export function hashBefore(fd: number, end: number): string {
  const start = Math.max(0, end - HEAD_BYTES);
  const buffer = Buffer.alloc(end - start);
  let read = 0;
  while (read < buffer.length) {
    const n = readSync(fd, buffer, read, buffer.length - read, start + read);
    if (n === 0) break;
    read += n;
  }
  return createHash('sha256').update(buffer.subarray(0, read)).digest('hex');
}

/** Reused by spanHash: a fresh buffer a file costs a fault and a zeroed page for each 4 KiB read into it (decision 96). */
let spanChunk: Buffer | undefined;

/** The CRC-32 of the file's bytes from `start` to `end`: what a growth's re-read of its chain window checks (decision 98). */
export function spanHash(fd: number, start: number, end: number): number {
  spanChunk ??= Buffer.allocUnsafe(256 * 1024);
  let hash = 0;
  for (let position = start; position < end;) {
    const read = readSync(fd, spanChunk, 0, Math.min(spanChunk.length, end - position), position);
    if (read === 0) break;
    hash = crc32(spanChunk.subarray(0, read), hash);
    position += read;
  }
  return hash;
}

/**
 * The CRC-32 of the bytes a scan reads, taken as it reads them (decision 99): a first scan of a small session would
 * otherwise read the whole file again for its window span's hash (decision 98), which is most often the file from its start.
 */
export class RunningCrc {
  #to: number;
  #hash = 0;

  constructor(readonly from: number) {
    this.#to = from;
  }

  /** Hashes the next bytes read, those from where the last ended. */
  readonly add = (bytes: Uint8Array): void => {
    this.#hash = crc32(bytes, this.#hash);
    this.#to += bytes.length;
  };

  /** The CRC-32 of the file's bytes from `start` to `end`: the one taken as they were read when they are those, else read again. */
  hashOf(fd: number, start: number, end: number): number {
    return start === this.from && end === this.#to ? this.#hash : spanHash(fd, start, end);
  }
}
