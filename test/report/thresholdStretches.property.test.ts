import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOCOMPACT_SETTINGS, thresholdsAt } from '../../src/projections/autocompactTrigger.js';
import { claudeCodeRules } from '../../src/projections/triggerPolicy.js';
import { thresholdStretches, VersionChanges, type Since } from '../../src/report/thresholdStretches.js';
import { fcRuns } from '../support/fcRuns.js';

const VERSIONS = ['2.1.88', '2.1.332', '2.1.337', null] as const;
// Claude Code's rules: a 1M window compacts lower from 2.1.337 (decision 85), so the version changes the threshold.
const autocompact = {
  ...DEFAULT_AUTOCOMPACT_SETTINGS,
  contextWindow: 1_000_000,
  lowerWindowFor1m: (version: string | null) => claudeCodeRules(version).lowerWindowFor1m,
};

/** A session's main-thread messages as (seq, version), seqs increasing from `first`, and where the window changed. */
const session = fc.record({
  first: fc.nat({ max: 5 }),
  gaps: fc.array(fc.record({ gap: fc.integer({ min: 1, max: 4 }), version: fc.constantFrom(...VERSIONS) }), { maxLength: 40 }),
  switchAt: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
});

describe('the stretches a session page draws its thresholds by', () => {
  it('cover the session from its first entry, in order, each differing from the one before, each with the thresholds the trigger uses there', () => {
    fc.assert(
      fc.property(session, ({ first, gaps, switchAt }) => {
        const versions = new VersionChanges();
        const at: Array<{ seq: number; version: string | null }> = [];
        let seq = first;
        for (const { gap, version } of gaps) {
          seq += gap;
          versions.push(seq, version);
          at.push({ seq, version });
        }
        const windows: Array<Since<number>> =
          switchAt === undefined
            ? []
            : [
                { since: 0, value: 200_000 },
                { since: first + switchAt, value: 1_000_000 },
              ];
        const stretches = thresholdStretches(first, versions.changes, windows, autocompact);
        expect(stretches[0]?.since).toBe(first);
        for (const [i, s] of stretches.entries()) {
          const before = stretches[i - 1];
          if (before === undefined) continue;
          expect(s.since).toBeGreaterThan(before.since);
          expect([s.version, s.contextWindow]).not.toEqual([before.version, before.contextWindow]);
        }
        // Every message falls in the stretch of its own version and window, whose thresholds are the trigger's for it.
        for (const message of at) {
          const stretch = stretches.filter((s) => s.since <= message.seq).at(-1);
          const window = switchAt !== undefined && message.seq < first + switchAt ? 200_000 : 1_000_000;
          expect(stretch?.version).toBe(message.version);
          expect(stretch?.contextWindow).toBe(window);
          expect(stretch?.thresholds).toEqual(thresholdsAt({ ...autocompact, contextWindow: window }, message.version));
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
