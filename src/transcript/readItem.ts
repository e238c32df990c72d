import type { Diagnostic } from '../errors.js';
import type { Entry } from './entrySchema.js';

/** A transcript line that became an entry. */
export interface EntryItem {
  readonly kind: 'entry';
  /** 0-based position among the entries of the stream (diagnostics and blank lines do not count). */
  readonly seq: number;
  /** 1-based physical line number. */
  readonly line: number;
  /** Byte offset of the line's start. */
  readonly offset: number;
  /** The line's text without its line terminator; re-serialising `entry` gives it back. */
  readonly raw: string;
  readonly entry: Entry;
}

/** A line that could not become an entry, kept with its position and text. */
export interface DiagnosticItem extends Diagnostic {
  readonly kind: 'diagnostic';
}

export type ReadItem = EntryItem | DiagnosticItem;
