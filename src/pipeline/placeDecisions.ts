import { elementAt } from '../errors.js';

/** Decisions sorted into the turns that caused them. */
export interface PlacedDecisions<D> {
  /** Decisions before the first turn's start. */
  readonly before: D[];
  /** Per turn, in the turns' order: decisions from its start up to the next turn's start. */
  readonly byTurn: D[][];
}

/**
 * Puts each decision in the turn whose start is the last one at or before its position, in one
 * walk over both lists (`starts` in log order, as the turns projection makes them). Decisions
 * keep their order within a turn.
 */
export function placeDecisions<D extends { readonly seq: number }>(starts: readonly number[], decisions: readonly D[]): PlacedDecisions<D> {
  const before: D[] = [];
  const byTurn: D[][] = starts.map(() => []);
  const last = starts.length - 1;
  // The turn of the previous decision; -1 is "before the first turn".
  let turn = -1;
  for (const decision of decisions) {
    const seq = decision.seq;
    while (turn < last && elementAt(starts, turn + 1) <= seq) turn++;
    // Decisions come in log order; should one not, it is looked up and the walk goes on from there.
    if (turn >= 0 && seq < elementAt(starts, turn)) turn = lastStartAtOrBefore(starts, seq);
    (turn === -1 ? before : elementAt(byTurn, turn)).push(decision);
  }
  return { before, byTurn };
}

/** The index of the last start ≤ seq, or -1; by bisection. */
function lastStartAtOrBefore(starts: readonly number[], seq: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (elementAt(starts, mid) <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
