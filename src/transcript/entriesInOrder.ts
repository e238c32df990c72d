import { elementAt, MemlogError, missing, valueOf } from '../errors.js';
import type { Entry } from './entrySchema.js';
import type { LogEntry } from './logEntry.js';
import { readTranscriptSync, type ReadTranscriptOptions } from './readTranscript.js';
import type { SeqPositions } from './seqPositions.js';

/** How far apart (in bytes of file) the entries read back in one go may start. */
const WINDOW_BYTES = 1024 * 1024;
/** A window is read in small steps: the reader parses the whole last step, most of it past the window. */
const STEP_BYTES = 32 * 1024;

/**
 * The whole entries at these seqs, in the order given, read back a window at a time: the
 * entries of a window start within a megabyte of one another and are read with one
 * pass over that part of the file, then given in order. What is held is one window's entries,
 * whatever the file's size (decision 54). Entries in file order read the file about once; an
 * order that jumps back reads again from there. Throws when an entry is no longer where
 * `positions` says (the file was rewritten since).
 */
export function* entriesInOrder(
  path: string,
  seqs: ArrayLike<number>,
  positions: SeqPositions,
  options: ReadTranscriptOptions & { readonly windowBytes?: number } = {},
): Generator<LogEntry, void, undefined> {
  const { windowBytes = WINDOW_BYTES, ...readOptions } = options;
  let from = 0;
  while (from < seqs.length) {
    let lo = elementAt(seqs, from, 'seqs');
    let hi = lo;
    let to = from + 1;
    for (; to < seqs.length; to++) {
      const seq = elementAt(seqs, to, 'seqs');
      const [low, high] = [Math.min(lo, seq), Math.max(hi, seq)];
      if (positions.offsetOf(high) - positions.offsetOf(low) > windowBytes) break;
      [lo, hi] = [low, high];
    }
    const found = window(path, seqs, from, to, { lo, hi }, positions, readOptions);
    for (let i = from; i < to; i++) {
      const seq = elementAt(seqs, i, 'seqs');
      yield { seq, entry: valueOf(found, seq, 'entries read') };
    }
    from = to;
  }
}

/** The entries of `seqs[from..to)`, read in one pass from the first of them to the last. */
function window(
  path: string,
  seqs: ArrayLike<number>,
  from: number,
  to: number,
  { lo, hi }: { readonly lo: number; readonly hi: number },
  positions: SeqPositions,
  options: ReadTranscriptOptions,
): Map<number, Entry> {
  const wanted = new Set<number>();
  for (let i = from; i < to; i++) wanted.add(elementAt(seqs, i, 'seqs'));
  const found = new Map<number, Entry>();
  const start = positions.at(lo);
  for (const item of readTranscriptSync(path, {
    chunkBytes: STEP_BYTES,
    ...options,
    startOffset: start.offset,
    startLine: start.line,
    startSeq: start.seq,
  })) {
    if (item.kind !== 'entry') continue;
    if (wanted.has(item.seq)) {
      if (item.offset !== positions.offsetOf(item.seq)) break;
      found.set(item.seq, item.entry);
    }
    if (item.seq >= hi) break;
  }
  if (found.size !== wanted.size) {
    const lost = [...wanted].find((seq) => !found.has(seq)) ?? missing('an entry not found', found.size);
    throw new MemlogError('io', `${path}: changed while it was read (entry ${lost} is no longer at line ${positions.at(lost).line})`, {
      path,
      seq: lost,
    });
  }
  return found;
}
