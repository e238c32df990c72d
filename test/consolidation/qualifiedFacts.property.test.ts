import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { fcRuns } from '../support/fcRuns.js';
import { candidatesOf, factOf, latestPerQualifier, qualifiedFacts, storedOf } from '../support/qualifiedFacts.js';

describe('planConsolidation, for families of facts that differ only in what they are about', () => {
  it('keeps one memory per environment, service, numbered service or host, each with the latest port said for it', () => {
    fc.assert(
      fc.property(qualifiedFacts, (sayings) => {
        const memories = storedOf(sayings);
        const plan = planConsolidation({ memories, index: '', candidates: candidatesOf(sayings) });
        const kept = applyConsolidation(memories, plan).map((m) => factOf(sayings, m.file.body));
        const expected = latestPerQualifier(sayings);
        expect(kept.map((fact) => fact?.key).sort()).toEqual([...expected.keys()].sort());
        for (const fact of kept) expect(fact?.port).toBe(expected.get(fact!.key));
        // And consolidating the result again keeps them apart.
        const again = planConsolidation({ memories: applyConsolidation(memories, plan), index: plan.index, candidates: [] });
        expect(again.changes).toEqual([]);
      }),
      { numRuns: fcRuns },
    );
  });
});
