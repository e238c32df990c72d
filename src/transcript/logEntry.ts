import type { Entry } from './entrySchema.js';

/** An entry and its position in the log: what projections fold and what an entry reference names. */
export interface LogEntry {
  readonly seq: number;
  readonly entry: Entry;
}
