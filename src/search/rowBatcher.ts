import { TranscriptParser } from '../transcript/transcriptParser.js';
import { entryPieces } from './entryPieces.js';
import type { EntryRow } from './indexTables.js';

/** Where a pass starts reading a file: at its start, or where the index stopped. */
export interface ReadFrom {
  readonly offset: number;
  readonly seq: number;
  readonly skipped: number;
}

/** Rows to write in one transaction, with how far the file is indexed once they are written. */
export interface RowBatch {
  readonly rows: EntryRow[];
  /** The byte offset just past the last whole line read: where the next pass starts. */
  readonly indexedTo: number;
  readonly nextSeq: number;
  /** Lines skipped so far in the file (malformed, not entries), this pass's and earlier ones'. */
  readonly skipped: number;
  /** Bytes pushed since the batch before. */
  readonly bytesRead: number;
}

/**
 * A file's bytes, pushed chunk by chunk, to batches of index rows: no database, so it runs where
 * the bytes are parsed (this thread or a parse worker, decision 89). A batch is cut at the end of
 * a chunk once it holds `batchRows` rows; only whole lines are read, an unterminated last line
 * waits for the next pass.
 */
export class RowBatcher {
  private readonly parser: TranscriptParser;
  private rows: EntryRow[] = [];
  private position: number;
  private skipped: number;
  private bytesRead = 0;

  constructor(
    from: ReadFrom,
    private readonly batchRows: number,
  ) {
    this.parser = new TranscriptParser({ startOffset: from.offset, startLine: 0, startSeq: from.seq });
    this.position = from.offset;
    this.skipped = from.skipped;
  }

  /** Parses a chunk; a batch when enough rows are waiting. */
  push(chunk: Uint8Array): RowBatch | undefined {
    this.position += chunk.length;
    this.bytesRead += chunk.length;
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
    return this.rows.length >= this.batchRows ? this.take() : undefined;
  }

  /** What is left: the last batch, to write even when it has no rows (it records how far the file is read). */
  finish(): RowBatch {
    return this.take();
  }

  private take(): RowBatch {
    const batch = {
      rows: this.rows,
      indexedTo: this.position - this.parser.pendingBytes,
      nextSeq: this.parser.nextSeq,
      skipped: this.skipped,
      bytesRead: this.bytesRead,
    };
    this.rows = [];
    this.bytesRead = 0;
    return batch;
  }
}
