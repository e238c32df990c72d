import { closeSync, fstatSync, readSync } from 'node:fs';
import type { ReadItem } from './readItem.js';
import { TranscriptParser } from './transcriptParser.js';
import { openRegularSync } from '../fs/regularFile.js';

/** The size of the head and tail Claude Code's session picker reads (spec §2.6). */
export const LITE_READ_BYTES = 64 * 1024;

/**
 * The items of the lines that lie wholly within the last `bytes` of a file (a line cut by the
 * window's start is skipped). Line numbers are unknown in a tail read and are given as 0; the
 * offsets are real. A missing file has no tail.
 */
export function readTail(path: string, bytes = LITE_READ_BYTES): ReadItem[] {
  let fd: number;
  try {
    fd = openRegularSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    let from = 0;
    if (start > 0) {
      const nl = buffer.indexOf(0x0a);
      if (nl === -1) return [];
      from = nl + 1;
    }
    const parser = new TranscriptParser({ startOffset: start + from, startLine: 0 });
    const items = parser.push(buffer.subarray(from, read));
    return [...items, ...parser.end()].map((item) => ({ ...item, line: 0 }));
  } finally {
    closeSync(fd);
  }
}
