import { mergeWindows } from './chainWindow.js';
import type { FoldSnapshot } from './sessionFold.js';
import { UsageTotals, type UsageTotalsSnapshot } from './usageTotals.js';

/**
 * The fold of a file from the folds of two consecutive parts of it (decision 87): `earlier` from the file's start,
 * `later` from a line start on, folded on its own (its lines counted from 1 and its seqs from 0); `linesBefore` is how
 * many lines the earlier part holds. Counts add, lists join, maps keep the order keys were first met, firsts come from
 * the earlier part and lasts from the later, and seqs and line numbers are shifted. Null when the later part holds a
 * message whose usage is keyed by its line (no message id): the caller then folds the file in one piece.
 */
export function mergeFolds(earlier: FoldSnapshot, later: FoldSnapshot, linesBefore: number): FoldSnapshot | null {
  if (later.usage.some(([id]) => id.startsWith('line:'))) return null;
  const seqShift = earlier.nextSeq;
  return {
    lines: later.lines === 0 ? earlier.lines : later.lines + linesBefore,
    entries: earlier.entries + later.entries,
    nextSeq: later.entries === 0 ? earlier.nextSeq : later.nextSeq + seqShift,
    byKind: addCounts(Object.entries(earlier.byKind), Object.entries(later.byKind)).reduce<Record<string, number>>((out, [k, n]) => {
      out[k] = n;
      return out;
    }, {}),
    diagnostics: [...earlier.diagnostics, ...later.diagnostics.map((d) => ({ ...d, line: d.line + linesBefore }))],
    sessions: addCounts(earlier.sessions, later.sessions),
    inline: addCounts(earlier.inline, later.inline),
    boundaries: [...earlier.boundaries, ...later.boundaries.map((b) => ({ ...b, line: b.line + linesBefore }))],
    usage: [...new Map([...earlier.usage, ...later.usage].map((usage) => [usage[0], usage])).values()],
    usageTotals: mergedTotals(earlier, later),
    firstTime: earlier.firstTime ?? later.firstTime,
    lastTime: later.lastTime ?? earlier.lastTime,
    cwd: earlier.cwd ?? later.cwd,
    window: mergeWindows(earlier.window, later.window, seqShift, later.boundaries.length),
  };
}

/** Counts by key, the earlier part's keys first, each in the order first met. */
function addCounts(earlier: ReadonlyArray<[string, number]>, later: ReadonlyArray<[string, number]>): Array<[string, number]> {
  const sums = new Map(earlier);
  for (const [key, count] of later) sums.set(key, (sums.get(key) ?? 0) + count);
  return [...sums];
}

/** Both parts' usage sums; a message the later part met again counted once, with the later part's usage (decision 94). */
function mergedTotals(earlier: FoldSnapshot, later: FoldSnapshot): UsageTotalsSnapshot {
  const totals = new UsageTotals(earlier.usageTotals);
  totals.addAll(later.usageTotals);
  const before = new Map(earlier.usage.map((usage) => [usage[0], usage]));
  for (const [id] of later.usage) {
    const counted = before.get(id);
    if (counted !== undefined) totals.add(counted, -1);
  }
  return totals.snapshot();
}
