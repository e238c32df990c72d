import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenPoints, type TokenPoint } from '../../src/report/tokenSeries.js';
import { fcRuns } from '../support/fcRuns.js';

/** Points in log order, seqs increasing, across several of the columns' chunks. */
const points = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 20_000 })
  .map((steps) => {
    let seq = 0;
    return steps.map(([gap, tokens]): TokenPoint => ({ seq: (seq += gap), tokens }));
  });

describe('TokenPoints', () => {
  it('gives back every point pushed, in order, and the first after any seq, as an array of them would', () => {
    fc.assert(
      fc.property(points, fc.integer({ min: -1, max: 100_000 }), (given, probe) => {
        const kept = TokenPoints.of(given);
        expect(kept.length).toBe(given.length);
        expect(kept.toArray()).toEqual(given);
        expect(kept.firstAfter(probe)).toEqual(given.find((p) => p.seq > probe));
      }),
      { numRuns: Math.max(10, Math.floor(fcRuns / 5)) },
    );
  });
});
