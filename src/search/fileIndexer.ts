import { TranscriptParser } from '../transcript/transcriptParser.js';
import { entryPieces } from './entryPieces.js';
import type { FileIdentity } from './fileIdentity.js';
import { insertRows, saveFile, type EntryRow } from './indexTables.js';
import type { SearchDb } from './searchDb.js';
import type { SessionFile } from './sessionFiles.js';

/** Where a pass starts reading a file: at its start, or where the index stopped. */
export interface ReadFrom {
  readonly offset: number;
  readonly seq: number;
  readonly skipped: number;
}

/** What a pass counts: entries indexed, lines skipped, bytes read. */
export interface IndexCounts {
  entries: number;
  skippedLines: number;
  bytesRead: number;
}

/**
 * Indexes one file's bytes as they are pushed, chunk by chunk, from any source (a file on disk,
 * an archived version): rows are written in transactions of `batchRows`, each also recording how
 * far the file is indexed, so a pass cut short resumes. Only whole lines are indexed: an
 * unterminated last line waits for the next pass, which reads from its start.
 */
export class FileIndexer {
  private readonly parser: TranscriptParser;
  private rows: EntryRow[] = [];
  private position: number;
  private skipped: number;

  constructor(
    private readonly db: SearchDb,
    private readonly file: SessionFile,
    private readonly identity: FileIdentity,
    private readonly from: ReadFrom,
    private readonly batchRows: number,
    private readonly counts: IndexCounts,
  ) {
    this.parser = new TranscriptParser({ startOffset: from.offset, startLine: 0, startSeq: from.seq });
    this.position = from.offset;
    this.skipped = from.skipped;
  }

  push(chunk: Buffer): void {
    this.position += chunk.length;
    this.counts.bytesRead += chunk.length;
    for (const item of this.parser.push(chunk)) {
      if (item.kind === 'diagnostic') {
        this.skipped++;
        continue;
      }
      const { uuid, timestamp } = item.entry as { uuid?: unknown; timestamp?: unknown };
      const at = {
        seq: item.seq,
        offset: item.offset,
        uuid: typeof uuid === 'string' ? uuid : null,
        time: typeof timestamp === 'string' ? timestamp : null,
      };
      for (const piece of entryPieces(item.entry)) this.rows.push({ ...at, ...piece });
    }
    if (this.rows.length >= this.batchRows) this.flush();
  }

  /** Writes what is left and records where the file is indexed to. */
  finish(): void {
    this.counts.skippedLines += this.skipped - this.from.skipped;
    this.flush();
  }

  private flush(): void {
    const progress = {
      identity: this.identity,
      indexedTo: this.position - this.parser.pendingBytes,
      nextSeq: this.parser.nextSeq,
      skippedLines: this.skipped,
    };
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const fileId = saveFile(this.db, this.file, progress);
      insertRows(this.db, fileId, this.file, this.rows);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    this.counts.entries += this.rows.length;
    this.rows = [];
  }
}
