import type { FileIdentity } from './fileIdentity.js';
import { insertRows, saveFile } from './indexTables.js';
import { RowBatcher, type ReadFrom, type RowBatch } from './rowBatcher.js';
import type { SearchDb } from './searchDb.js';
import type { SessionFile } from './sessionFiles.js';

export type { ReadFrom } from './rowBatcher.js';

/** What a pass counts: entries indexed, lines skipped, bytes read. */
export interface IndexCounts {
  entries: number;
  skippedLines: number;
  bytesRead: number;
}

/**
 * Writes one batch of a file's rows in one transaction that also records how far the file is
 * indexed, so a pass cut short resumes where it stopped.
 */
export function writeBatch(db: SearchDb, file: SessionFile, identity: FileIdentity, batch: RowBatch, counts: IndexCounts): void {
  const progress = { identity, indexedTo: batch.indexedTo, nextSeq: batch.nextSeq, skippedLines: batch.skipped };
  db.exec('BEGIN IMMEDIATE');
  try {
    insertRows(db, saveFile(db, file, progress), file, batch.rows);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  counts.entries += batch.rows.length;
  counts.bytesRead += batch.bytesRead;
}

/**
 * Indexes one file's bytes as they are pushed, chunk by chunk, from any source (a file on disk,
 * an archived version), in this thread: rows are written in transactions of `batchRows`.
 */
export class FileIndexer {
  private readonly batcher: RowBatcher;

  constructor(
    private readonly db: SearchDb,
    private readonly file: SessionFile,
    private readonly identity: FileIdentity,
    private readonly from: ReadFrom,
    batchRows: number,
    private readonly counts: IndexCounts,
  ) {
    this.batcher = new RowBatcher(from, batchRows);
  }

  push(chunk: Buffer): void {
    const batch = this.batcher.push(chunk);
    if (batch !== undefined) writeBatch(this.db, this.file, this.identity, batch, this.counts);
  }

  /** Writes what is left and records where the file is indexed to. */
  finish(): void {
    const batch = this.batcher.finish();
    writeBatch(this.db, this.file, this.identity, batch, this.counts);
    this.counts.skippedLines += batch.skipped - this.from.skipped;
  }
}
