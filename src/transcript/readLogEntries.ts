import type { Diagnostic } from '../errors.js';
import type { Entry } from './entrySchema.js';
import { readTranscriptSync } from './readTranscript.js';

/** A whole transcript read for batch work: its entries with their position, and the lines that were not entries. */
export function readLogEntries(path: string): {
  readonly entries: Array<{ readonly seq: number; readonly entry: Entry }>;
  readonly diagnostics: Diagnostic[];
} {
  const entries: Array<{ seq: number; entry: Entry }> = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of readTranscriptSync(path)) {
    if (item.kind === 'diagnostic') diagnostics.push(item);
    else entries.push({ seq: item.seq, entry: item.entry });
  }
  return { entries, diagnostics };
}
