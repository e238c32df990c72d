import { LineDecoder } from './lineDecoder.js';
import { LineSplitter, type LineSplitterOptions, type RawLine } from './lineSplitter.js';
import type { ReadItem } from './readItem.js';

export interface TranscriptParserOptions extends LineSplitterOptions {
  /** The seq of the first entry, for a reader that continues where another stopped. */
  readonly startSeq?: number;
}

/**
 * The push parser every source shares: bytes in, items out. Holding back an unterminated
 * tail until `end()` is what lets a live follower wait for the rest of a line.
 */
export class TranscriptParser {
  private readonly splitter: LineSplitter;
  private readonly decoder: LineDecoder;

  constructor(options: TranscriptParserOptions = {}) {
    this.splitter = new LineSplitter(options);
    this.decoder = new LineDecoder(options.startSeq ?? 0);
  }

  /** Items completed by this chunk. */
  push(chunk: Uint8Array): ReadItem[] {
    const items: ReadItem[] = [];
    this.splitter.push(chunk, (line) => this.decodeInto(line, items));
    return items;
  }

  /** Items left at the end of the stream: at most the unterminated last line. */
  end(): ReadItem[] {
    const items: ReadItem[] = [];
    this.splitter.end((line) => this.decodeInto(line, items));
    return items;
  }

  /** The line's items: one, none for a blank line, or one for each record glued on it (decision 147). */
  private decodeInto(line: RawLine, items: ReadItem[]): void {
    for (let item = this.decoder.decode(line); item !== null; item = this.decoder.next()) items.push(item);
  }

  /** Bytes of an incomplete last line held back. */
  get pendingBytes(): number {
    return this.splitter.pending;
  }

  get nextSeq(): number {
    return this.decoder.nextSeq;
  }
}
