import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionTally, totalOf } from '../../../src/jobs/extraction/sessionTally.js';
import type { PacedRun } from '../../../src/pipeline/pacedRuns.js';
import { sampleOutcome } from '../../support/runOutcomes.js';

const written = fc.record({
  file: fc.constantFrom('MEMORY.md', 'a.md', 'b.md', 'c.md'),
  sha256: fc.constant('0'.repeat(64)),
  change: fc.constantFrom('added' as const, 'updated' as const),
  type: fc.constantFrom('user', 'feedback', null),
});

/** Runs as runPaced ends them: finished (some declined by a first look), failed, or handed to a batch. */
const run: fc.Arbitrary<PacedRun<'extraction'>> = fc.oneof(
  fc
    .record({
      written: fc.array(written, { maxLength: 4 }),
      input: fc.nat(10_000),
      output: fc.nat(500),
      dropped: fc.array(fc.constantFrom('- [x](x.md)', '- [y](y.md)'), { maxLength: 2 }),
      declined: fc.boolean(),
    })
    .map(({ written, input, output, dropped, declined }) => ({
      runId: 'r',
      at: { seq: 0, uuid: null },
      ok: true,
      outcome: sampleOutcome('extraction', {
        written,
        indexDropped: dropped,
        tokens: { input, output, cacheRead: 0 },
        ...(declined ? { declined: 'first_look' } : {}),
      }),
    })),
  fc.constant({ runId: 'r', at: { seq: 0, uuid: null }, ok: false, error: 'HTTP 529' }),
  fc.constant({ runId: 'r', at: { seq: 0, uuid: null }, ok: true, deferred: true }),
);

type Outcome = {
  written: Array<{ file: string; change: string; type: string | null }>;
  indexDropped: string[];
  tokens: { input: number; output: number };
};

/** The report as it was computed from the whole list of runs before the fold. */
function fromList(runs: readonly PacedRun[]) {
  const done = runs.filter((r) => r.deferred !== true);
  const outcomes = done.flatMap((r) => (r.ok ? [r.outcome as Outcome] : []));
  const writes = outcomes.flatMap((o) => o.written).filter((w) => w.file !== 'MEMORY.md');
  const byType = (change: string) =>
    writes
      .filter((w) => w.change === change)
      .reduce<Record<string, number>>((acc, w) => ({ ...acc, [w.type ?? 'other']: (acc[w.type ?? 'other'] ?? 0) + 1 }), {});
  return {
    runs: done.filter((r) => (r.outcome as { declined?: string } | undefined)?.declined !== 'first_look').length,
    failed: done.filter((r) => !r.ok).length,
    submitted: runs.length - done.length,
    added: byType('added'),
    updated: byType('updated'),
    touched: new Set(writes.map((w) => w.file)),
    tokens: { input: outcomes.reduce((n, o) => n + o.tokens.input, 0), output: outcomes.reduce((n, o) => n + o.tokens.output, 0) },
    indexDropped: outcomes.flatMap((o) => o.indexDropped),
  };
}

describe('session tally', () => {
  it('folded run by run, from the collected runs on, equals the report computed from every run kept in a list', () => {
    fc.assert(
      fc.property(fc.array(run, { maxLength: 8 }), fc.array(run, { maxLength: 30 }), (collected, paced) => {
        const fold = sessionTally(collected);
        const tally = paced.reduce(fold.step, fold.initial());
        expect(tally).toEqual(fromList([...collected, ...paced]));
      }),
    );
  });

  it('starts every fold from a fresh tally', () => {
    const fold = sessionTally([]);
    const first = fold.step(fold.initial(), { runId: 'r', at: { seq: 0, uuid: null }, ok: false, error: 'x' });
    expect(first.failed).toBe(1);
    expect(fold.initial().failed).toBe(0);
  });

  it('totalOf adds the counts of every type', () => {
    expect(totalOf({ user: 3, feedback: 2 })).toBe(5);
    expect(totalOf({})).toBe(0);
  });
});
