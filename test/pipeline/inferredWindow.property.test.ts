import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, LogEntry } from '../../src/index.js';
import { replaySync, withInferredWindow } from '../../src/pipeline/index.js';
import { autocompactThresholds, DEFAULT_AUTOCOMPACT_SETTINGS } from '../../src/projections/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { fcRuns } from '../support/fcRuns.js';

/** A session as the context sizes of its responses, one prompt before each. */
function session(sizes: readonly number[], version: string): LogEntry[] {
  const entries: Entry[] = sizes.flatMap((size, i) => [
    { ...userEntry(`u${i}`, 'go on'), version },
    {
      ...assistantEntry(`a${i}`, `m${i}`, text('ok'), {
        usage: { input_tokens: 1, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: size - 1 },
      }),
      version,
    },
  ]);
  return entries.map((entry, seq) => ({ seq, entry }));
}

const policies = fc.constantFrom(undefined, 'memlog' as const, 'claude-code' as const);
const versions = fc.constantFrom('2.1.88', '2.1.332', '2.1.337');
const within = fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 30 });
const past = fc
  .tuple(within, fc.integer({ min: 200_001, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 10 }))
  .map(([before, over, after]) => [...before, over, ...after]);

describe('the inferred window (decision 113)', () => {
  it('a session whose usage never passes the window is replayed exactly as before', () => {
    fc.assert(
      fc.property(within, policies, versions, (sizes, policy, version) => {
        const entries = session(sizes, version);
        const settings = policy === undefined ? {} : { policy };
        const inferred = withInferredWindow(entries, settings);
        expect(inferred.inferred).toBeNull();
        expect(inferred.settings).toBe(settings);
        expect(replaySync(entries, inferred.settings).decisions).toEqual(replaySync(entries, settings).decisions);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a session that passes it reports no compaction due before usage reaches the inferred window’s threshold', () => {
    fc.assert(
      fc.property(past, policies, versions, (sizes, policy, version) => {
        const entries = session(sizes, version);
        const { settings, inferred } = withInferredWindow(entries, policy === undefined ? {} : { policy });
        expect(inferred?.window).toBe(1_000_000);
        // The lowest threshold a 1M window has: 2.1.337's automatic window under Claude Code's rules (decision 85).
        const lowest = autocompactThresholds({ ...DEFAULT_AUTOCOMPACT_SETTINGS, contextWindow: 300_000 }).threshold;
        for (const decision of replaySync(entries, settings).decisions)
          if (decision.kind === 'compaction_due') {
            expect(decision.tokens).toBeGreaterThanOrEqual(decision.threshold);
            expect(decision.threshold).toBeGreaterThanOrEqual(lowest);
          }
      }),
      { numRuns: fcRuns },
    );
  });

  it('a window given by the caller wins: nothing is inferred and nothing read', () => {
    const entries = session([500_000], '2.1.332');
    const settings = { autocompact: { contextWindow: 200_000 } };
    const walks: number[] = [];
    const counted = {
      *[Symbol.iterator]() {
        walks.push(1);
        yield* entries;
      },
    };
    expect(withInferredWindow(counted, settings)).toEqual({ settings, inferred: null });
    expect(walks).toEqual([]);
    expect(replaySync(entries, settings).decisions.some((d) => d.kind === 'compaction_due')).toBe(true);
  });
});
