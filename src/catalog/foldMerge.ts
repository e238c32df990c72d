import { elementAt } from '../errors.js';
import { mergeWindows } from './chainWindow.js';
import type { FoldSnapshot } from './sessionFold.js';
import { byMessageId, UsageTotals, type StoredUsage } from './usageTotals.js';

/**
 * The fold of a file from the folds of two consecutive parts of it (decision 87): `earlier` from the file's start,
 * `later` from a line start on, folded on its own (its lines counted from 1 and its seqs from 0); `linesBefore` is how
 * many lines the earlier part holds. Counts add, lists join, maps keep the order keys were first met (the messages' usage
 * is in id order), firsts come from the earlier part and lasts from the later, and seqs and line numbers are shifted.
 * Null when the later part holds a message whose usage is keyed by its line (no message id): the caller then folds the
 * file in one piece.
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
    gluedLines: earlier.gluedLines + later.gluedLines,
    sessions: addCounts(earlier.sessions, later.sessions),
    inline: addCounts(earlier.inline, later.inline),
    boundaries: [...earlier.boundaries, ...later.boundaries.map((b) => ({ ...b, line: b.line + linesBefore }))],
    ...mergedUsage(earlier, later),
    firstTime: earlier.firstTime ?? later.firstTime,
    lastTime: later.lastTime ?? earlier.lastTime,
    cwd: earlier.cwd ?? later.cwd,
    window: mergeWindows(earlier.window, later.window, { seqs: seqShift, lines: linesBefore }, later.boundaries.length),
  };
}

/** Counts by key, the earlier part's keys first, each in the order first met. */
function addCounts(earlier: ReadonlyArray<[string, number]>, later: ReadonlyArray<[string, number]>): Array<[string, number]> {
  const sums = new Map(earlier);
  for (const [key, count] of later) sums.set(key, (sums.get(key) ?? 0) + count);
  return [...sums];
}

/**
 * Both parts' messages in id order, a message both parts met with the later part's usage, and the sums with each message
 * counted once (decision 94): two lists in id order (rangeFold.ts sorts them) are joined in one pass (decision 95).
 */
function mergedUsage(earlier: FoldSnapshot, later: FoldSnapshot): Pick<FoldSnapshot, 'usage' | 'usageTotals'> {
  const [before, after] = [inIdOrder(earlier.usage), inIdOrder(later.usage)];
  const totals = new UsageTotals(earlier.usageTotals);
  totals.addAll(later.usageTotals);
  const usage: StoredUsage[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before[i];
    const b = after[j];
    if (b === undefined || (a !== undefined && byMessageId(a, b) < 0)) {
      if (a !== undefined) usage.push(a);
      i++;
      continue;
    }
    if (a !== undefined && byMessageId(a, b) === 0) {
      // Met again in the later part: its usage there is the message's last, and the earlier one is taken off; its first
      // piece is the earlier part's (decision 109).
      totals.add(a, -1);
      i++;
      usage.push(withFirstTime(b, a[7] ?? b[7] ?? null));
    } else usage.push(b);
    j++;
  }
  return { usage, usageTotals: totals.snapshot() };
}

function withFirstTime(usage: StoredUsage, firstTime: string | null): StoredUsage {
  const [id, model, input, output, cacheCreation, cacheRead, day, , requestId] = usage;
  return [id, model, input, output, cacheCreation, cacheRead, day, firstTime, requestId ?? null];
}

function inIdOrder(usage: readonly StoredUsage[]): readonly StoredUsage[] {
  return usage.every((item, i) => i === 0 || byMessageId(elementAt(usage, i - 1), item) < 0) ? usage : [...usage].sort(byMessageId);
}
