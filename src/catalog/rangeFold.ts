import { closeSync, openSync, readSync } from 'node:fs';
import { scanInto } from './scanFile.js';
import { SessionFold, type FoldSnapshot } from './sessionFold.js';
import { byMessageId } from './usageTotals.js';

/** Bytes `start` to `end` of a file, each a line start (or the file's end). */
export interface FileRange {
  readonly start: number;
  readonly end: number;
}

/** A part of a file folded on its own: its lines counted from 1, its seqs from 0 (foldMerge.ts shifts them). */
export interface RangeFold {
  readonly snapshot: FoldSnapshot;
  /** How many lines the part holds. */
  readonly lines: number;
}

/** Folds the part of the file in `range` on its own; null when the part did not end where it should (the file changed). */
export function foldRange(path: string, range: FileRange): RangeFold | null {
  const fd = openSync(path, 'r');
  try {
    const fold = new SessionFold();
    const end = scanInto(fold, fd, { offset: range.start, line: 1 }, range.end);
    if (end.offset !== range.end || end.torn.length > 0) return null;
    // Each part's messages in id order, so the merge joins them in one pass and the catalog inserts them as they are (decision 95).
    const snapshot = fold.snapshot();
    return { snapshot: { ...snapshot, usage: snapshot.usage.sort(byMessageId) }, lines: end.line - 1 };
  } finally {
    closeSync(fd);
  }
}

const PROBE_BYTES = 64 * 1024;

/**
 * The file cut in about `parts` ranges, each cut just past a newline; fewer when lines are longer than a part. The first
 * range is `headStart` bytes longer than the others, which share the rest equally.
 */
export function lineRanges(fd: number, size: number, parts: number, headStart = 0): FileRange[] {
  const cuts = [0];
  const share = Math.max(size - headStart, 0) / parts;
  for (let part = 1; part < parts; part++) {
    const cut = lineStartFrom(fd, Math.max(Math.floor(headStart + share * part), cuts[cuts.length - 1] ?? 0), size);
    if (cut > (cuts[cuts.length - 1] ?? 0) && cut < size) cuts.push(cut);
  }
  cuts.push(size);
  return cuts.slice(1).map((end, i) => ({ start: cuts[i] ?? 0, end }));
}

/** The offset just past the first newline at or after `from`; `size` when there is none. */
function lineStartFrom(fd: number, from: number, size: number): number {
  const buffer = Buffer.allocUnsafe(PROBE_BYTES);
  for (let position = from; position < size;) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
    if (read === 0) break;
    const newline = buffer.subarray(0, read).indexOf(0x0a);
    if (newline >= 0) return position + newline + 1;
    position += read;
  }
  return size;
}
