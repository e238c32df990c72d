import type { Diagnostic } from '../errors.js';
import type { Entry } from './entrySchema.js';

/** A transcript line, or one of the records glued on it (decision 147), that became an entry. */
export interface EntryItem {
  readonly kind: 'entry';
  /** 0-based position among the entries of the stream (diagnostics and blank lines do not count). */
  readonly seq: number;
  /** 1-based physical line number. */
  readonly line: number;
  /** Byte offset of the record's first byte: the line's start, or inside it for a record glued after another (decision 147). */
  readonly offset: number;
  /** The record's text (the line's, without its line terminator, but for glued records); re-serialising `entry` gives it back. */
  readonly raw: string;
  readonly entry: Entry;
}

/** A line that could not become an entry, kept with its position and text. */
export interface DiagnosticItem extends Diagnostic {
  readonly kind: 'diagnostic';
}

export type ReadItem = EntryItem | DiagnosticItem;
