import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeDecisions } from '../../src/pipeline/placeDecisions.js';
import { fcRuns } from '../support/fcRuns.js';

interface Seqd {
  readonly seq: number;
  readonly id: number;
}

/** What buildTimeline did before: every turn filters every decision. */
function reference(starts: readonly number[], decisions: readonly Seqd[]) {
  const byTurn = starts.map((start, i) => {
    const next = starts[i + 1];
    return decisions.filter((d) => d.seq >= start && (next === undefined || d.seq < next));
  });
  const first = starts[0] ?? Number.POSITIVE_INFINITY;
  return { before: decisions.filter((d) => d.seq < first), byTurn };
}

/** Turn starts as the turns projection makes them: entry positions, in log order. */
const starts = fc.uniqueArray(fc.nat({ max: 400 }), { maxLength: 40 }).map((a) => a.sort((x, y) => x - y));
const seqs = (sorted: boolean) => fc.array(fc.nat({ max: 420 }), { maxLength: 120 }).map((a) => (sorted ? a.sort((x, y) => x - y) : a));

describe('placeDecisions', () => {
  it('places decisions exactly as filtering them per turn does, for decisions in log order', () => {
    fc.assert(
      fc.property(starts, seqs(true), (s, d) => {
        const decisions = d.map((seq, id) => ({ seq, id }));
        expect(placeDecisions(s, decisions)).toEqual(reference(s, decisions));
      }),
      { numRuns: fcRuns },
    );
  });

  it('and for decisions out of order (a run start made later for an earlier entry), keeping their order within a turn', () => {
    fc.assert(
      fc.property(starts, seqs(false), (s, d) => {
        const decisions = d.map((seq, id) => ({ seq, id }));
        expect(placeDecisions(s, decisions)).toEqual(reference(s, decisions));
      }),
      { numRuns: fcRuns },
    );
  });

  it('reads each position a bounded number of times: linear in turns plus decisions, not their product', () => {
    const turns = 5_000;
    const perTurn = 3;
    let reads = 0;
    const counted = (seq: number) => ({
      get seq() {
        reads++;
        return seq;
      },
    });
    const startList = Array.from({ length: turns }, (_, i) => i * 10);
    const startsRead = new Proxy(startList, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const decisions = Array.from({ length: turns * perTurn }, (_, i) => counted(Math.floor(i / perTurn) * 10 + (i % perTurn)));
    const placed = placeDecisions(startsRead, decisions);
    expect(placed.byTurn.every((list) => list.length === perTurn)).toBe(true);
    // Filtering per turn reads about turns × decisions = 75,000,000 positions.
    expect(reads).toBeLessThanOrEqual(4 * (turns + decisions.length));
  });
});
