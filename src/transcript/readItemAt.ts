import type { ReadItem } from './readItem.js';
import { readTranscriptSync, type ReadTranscriptOptions } from './readTranscript.js';

/** Where an item was read: its byte offset, and the line and seq numbers to give it back with. */
export interface ItemPosition {
  /** Byte offset of the line's start, as the stream gave it (after a BOM on the first line). */
  readonly offset: number;
  /** Its 1-based physical line number. */
  readonly line: number;
  /** For an entry, its seq; a diagnostic has none. */
  readonly seq?: number;
}

/** Read-back reads a line in small steps: most lines are a few KB, and a long one is read on until its end. */
const READ_BACK_CHUNK_BYTES = 64 * 1024;

/**
 * The item at a position the stream reported, read again from the file: the same entry (or the
 * same diagnostic) the stream gave, without reading what comes before it. What a command needs
 * beyond its fold — the messages of one run, one turn for a page — is read back this way instead
 * of being kept. Undefined when nothing starts there any more (the file was cut short).
 */
export function readItemAt(path: string, at: ItemPosition, options: ReadTranscriptOptions = {}): ReadItem | undefined {
  const items = readTranscriptSync(path, {
    chunkBytes: READ_BACK_CHUNK_BYTES,
    ...options,
    startOffset: at.offset,
    startLine: at.line,
    ...(at.seq === undefined ? {} : { startSeq: at.seq }),
  });
  for (const item of items) return item;
  return undefined;
}
