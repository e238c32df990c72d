import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { faultPoint } from '../fs/faultSeam.js';
import { appendRecords } from './appendRecords.js';
import type { ManifestRecord } from './manifest.js';

/** A batch is made durable once this many compressed bytes or records wait: what a run killed then stores again. */
const BATCH_BYTES = 64 << 20;
const BATCH_RECORDS = 512;

/**
 * Manifest records whose pieces are in place but not yet durable (decision 90). A flush fsyncs the
 * batch's pieces and their folders all at once (the file system commits them together: a hundred
 * fsyncs in flight cost about what one does), then appends the batch's lines in one write and
 * fsyncs the manifest once. So a line is never on disk before its piece is, whatever stops the
 * run: a kill, a full disk or a power cut leaves pieces without lines, which the next run sweeps.
 */
export class RecordBatch {
  private records: ManifestRecord[] = [];
  private bytes = 0;
  private flushed: Promise<void> = Promise.resolve();

  constructor(private readonly archiveDir: string) {}

  /** Adds a record whose piece (if any) was renamed into place; flushes when the batch is full. */
  async add(record: ManifestRecord): Promise<void> {
    this.records.push(record);
    this.bytes += record.piece?.stored ?? 0;
    if (this.bytes >= BATCH_BYTES || this.records.length >= BATCH_RECORDS) await this.flush();
  }

  /** Makes every record added so far durable, after the batches before it. */
  flush(): Promise<void> {
    const records = this.records;
    this.records = [];
    this.bytes = 0;
    this.flushed = this.flushed.then(() => this.write(records));
    return this.flushed;
  }

  private async write(records: readonly ManifestRecord[]): Promise<void> {
    if (records.length === 0) return;
    const pieces = records.flatMap((record) => (record.piece === null ? [] : [join(this.archiveDir, record.piece.path)]));
    await Promise.all(pieces.map((path) => fsyncPath(path, 'r')));
    await Promise.all([...new Set(pieces.map((path) => dirname(path)))].map((dir) => fsyncPath(dir, 'r', true)));
    appendRecords(this.archiveDir, records);
  }
}

/** fsyncs a file, or a folder (some file systems refuse that; the rename is then as durable as they make it). */
async function fsyncPath(path: string, flags: 'r', folder = false): Promise<void> {
  faultPoint('fsync', path);
  // Opened read-only, for fsync alone: openRegular is for writing files, and a folder is not one.
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } catch (error) {
    if (!folder) throw error;
  } finally {
    await handle.close();
  }
}
