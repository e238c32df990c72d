import { readSync } from 'node:fs';
import { RowBatcher, type ReadFrom, type RowBatch } from './rowBatcher.js';

/** A byte range of an open transcript to parse into index rows. */
export interface ParseJob {
  /** An open descriptor: the file whose identity was taken, even if the path was replaced since. */
  readonly fd: number;
  readonly from: ReadFrom;
  /** Where to stop: the file's size when it was opened. */
  readonly size: number;
  readonly batchRows: number;
  readonly chunkBytes: number;
}

/**
 * Reads a file from `from` to `size`, one chunk at a time, and hands over its rows batch by batch,
 * the last one (`last`, maybe empty) after the last chunk. No database: it runs in a parse worker
 * or in this thread (decision 89).
 */
export function parseRange(job: ParseJob, emit: (batch: RowBatch, last: boolean) => void): void {
  const batcher = new RowBatcher(job.from, job.batchRows);
  const buffer = Buffer.allocUnsafe(job.chunkBytes);
  let position = job.from.offset;
  while (position < job.size) {
    const read = readSync(job.fd, buffer, 0, Math.min(buffer.length, job.size - position), position);
    if (read === 0) break;
    position += read;
    const batch = batcher.push(buffer.subarray(0, read));
    if (batch !== undefined) emit(batch, false);
  }
  emit(batcher.finish(), true);
}
