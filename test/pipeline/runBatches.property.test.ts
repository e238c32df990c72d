import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunBatches } from '../../src/pipeline/runBatches.js';
import { fcRuns } from '../support/fcRuns.js';

/** Adds, each to the newest view or to an older one (a what-if), of run ids from a small pool, so some repeat. */
const operations = fc.array(
  fc.record({
    from: fc.nat(),
    runId: fc.constantFrom('r1', 'r2', 'r3', '10', '2', 'extraction_7'),
    uuids: fc.array(fc.uuid(), { maxLength: 3 }),
  }),
  { maxLength: 40 },
);

describe('run batches', () => {
  it('answer as a copied Map would, in every view ever made, through adds to the newest view and to older ones', () => {
    fc.assert(
      fc.property(operations, fc.boolean(), (ops, newestOnly) => {
        const views: Array<{ view: RunBatches; expected: Map<string, readonly string[]> }> = [
          { view: RunBatches.empty(), expected: new Map() },
        ];
        for (const { from, runId, uuids } of ops) {
          const base = views[newestOnly ? views.length - 1 : from % views.length]!;
          views.push({ view: base.view.with(runId, uuids), expected: new Map(base.expected).set(runId, uuids) });
        }
        for (const { view, expected } of views) {
          expect([...view]).toEqual([...expected]);
          expect(view.size).toBe(expected.size);
          for (const runId of ['r1', 'r2', 'r3', '10', '2', 'extraction_7', 'never']) {
            expect(view.get(runId)).toBe(expected.get(runId));
            expect(view.has(runId)).toBe(expected.has(runId));
          }
          expect(JSON.stringify({ batches: view })).toBe(JSON.stringify({ batches: Object.fromEntries(expected) }));
        }
      }),
      { numRuns: Math.min(fcRuns, 100) },
    );
  });
});
