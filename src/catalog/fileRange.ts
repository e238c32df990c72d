import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
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
