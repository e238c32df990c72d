import type { DiagnosticCode } from '../errors.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { LineFacts } from './lineFacts.js';

/** A line that became an entry, as the catalog keeps it: its light form (when a resume reads it) and its facts. */
export interface ScannedEntry {
  readonly kind: 'entry';
  readonly seq: number;
  readonly line: number;
  /** Where the line starts in the file: a compact boundary's is where a growth reads the chain window again (decision 98). */
  readonly offset: number;
  /** src/resume/lightEntry.ts's form, or null for an entry no resume reads (ChainWindow). */
  readonly light: Entry | null;
  readonly facts: LineFacts;
}

/** A line that could not become an entry, as `memlog inspect` lists it. */
export interface ScannedDiagnostic {
  readonly kind: 'diagnostic';
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly offset: number;
  readonly message: string;
}

export type ScanItem = ScannedEntry | ScannedDiagnostic;
