import type { Diagnostic } from '../errors.js';
import type { LogEntry } from './logEntry.js';
import type { Entry } from './entrySchema.js';
import { readTranscriptSync, type ReadTranscriptOptions } from './readTranscript.js';

/**
 * The whole entries at these seqs, read in one pass: what a two-pass reader (an index of light
 * entries first, src/resume/lightEntry.ts) takes back for the part it needs in full.
 */
export function entriesAt(path: string, seqs: ReadonlySet<number>, options: ReadTranscriptOptions = {}): Map<number, Entry> {
  const found = new Map<number, Entry>();
  if (seqs.size === 0) return found;
  for (const item of readTranscriptSync(path, options)) if (item.kind === 'entry' && seqs.has(item.seq)) found.set(item.seq, item.entry);
  return found;
}

/** A transcript read lazily, again for each walk; and the lines that were not entries. */
export interface TranscriptEntries extends Iterable<LogEntry> {
  /** How many lines of the whole file are not entries: a walk to the end, if none has got there yet. */
  diagnostics(): number;
}

/**
 * A transcript's entries as an iterable that reads the file again each time it is walked, one
 * entry at a time: a command that needs two or three passes over a session (the decisions, then
 * the turns) holds one entry at a time instead of the whole file (decision 51).
 */
export function transcriptEntries(
  path: string,
  options: {
    readonly onRead?: (bytes: number) => void;
    /** Told of each line that is not an entry, on every walk. */
    readonly onDiagnostic?: (diagnostic: Diagnostic) => void;
  } = {},
): TranscriptEntries {
  let counted: number | undefined;
  function* walk(): Generator<LogEntry> {
    let diagnostics = 0;
    for (const item of readTranscriptSync(path)) {
      options.onRead?.(item.offset);
      if (item.kind === 'entry') yield { seq: item.seq, entry: item.entry };
      else {
        diagnostics++;
        options.onDiagnostic?.(item);
      }
    }
    counted = diagnostics;
  }
  return {
    [Symbol.iterator]: walk,
    diagnostics() {
      if (counted === undefined) for (const _ of walk());
      return counted ?? 0;
    },
  };
}
