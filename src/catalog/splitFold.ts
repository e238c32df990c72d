import { closeSync, openSync, readSync } from 'node:fs';
import { identityOf } from '../search/fileIdentity.js';
import { resultOf, type FoldResult } from './foldFile.js';
import { mergeFolds } from './foldMerge.js';
import { foldRange, lineRanges, type FileRange, type RangeFold } from './rangeFold.js';
import { SessionFold, type FoldSnapshot } from './sessionFold.js';
import { SPLIT_FROM_BYTES } from './splitFromBytes.js';
/**
 * About half of what one thread folds while a worker thread loads its modules (0.2–0.3 s): the calling thread's part is
 * longer by this much (by at most half a part), so that it waits less for the worker's; with all of it, the worker waited
 * for the calling thread instead when the machine was busy (decision 95).
 */
export const WORKER_START_BYTES = 16 * 1024 * 1024;

/**
 * Folds a file from its start in `parts` line-aligned parts, the first here while `foldLater` folds the others (in
 * worker threads, started now; the first part is WORKER_START_BYTES longer), and merges the parts' folds into the whole
 * file's (decision 87). Null when the file is smaller than `fromBytes`, does not end with a newline
 * (a write in progress: its torn line is the one-piece fold's business), or a part could not be folded or merged; the
 * caller then folds it in one piece.
 */
export async function foldInParts(
  path: string,
  parts: number,
  foldLater: (range: FileRange) => Promise<RangeFold | null>,
  fromBytes = SPLIT_FROM_BYTES,
): Promise<FoldResult | null> {
  const fd = openSync(path, 'r');
  try {
    const identity = identityOf(fd);
    if (identity.size < fromBytes || !endsWithNewline(fd, identity.size)) return null;
    const headStart = Math.min(WORKER_START_BYTES, identity.size / (2 * parts));
    const [first, ...rest] = lineRanges(fd, identity.size, parts, headStart);
    if (first === undefined || rest.length === 0) return null;
    const later = rest.map(foldLater);
    const merged = mergeAll(foldRange(path, first), await Promise.all(later));
    if (merged === null) return null;
    const end = { offset: identity.size, line: merged.lines + 1, torn: [] };
    return resultOf({ path, fd, identity }, new SessionFold(merged.snapshot), end, false);
  } finally {
    closeSync(fd);
  }
}

function mergeAll(first: RangeFold | null, rest: ReadonlyArray<RangeFold | null>): { snapshot: FoldSnapshot; lines: number } | null {
  if (first === null) return null;
  let snapshot: FoldSnapshot | null = first.snapshot;
  let lines = first.lines;
  for (const part of rest) {
    if (part === null) return null;
    snapshot = mergeFolds(snapshot, part.snapshot, lines);
    if (snapshot === null) return null;
    lines += part.lines;
  }
  return { snapshot, lines };
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  return size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}
