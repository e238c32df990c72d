import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumUsageById, UsageTotals } from '../../src/inspect/usageTotals.js';
import { fcRuns } from '../support/fcRuns.js';

const usage = fc.record({
  input_tokens: fc.nat(200_000),
  output_tokens: fc.nat(50_000),
  cache_creation_input_tokens: fc.option(fc.nat(100_000), { nil: undefined }),
  cache_read_input_tokens: fc.option(fc.nat(100_000), { nil: undefined }),
});

/** Messages written in pieces one after another, and now and then an old message written again, soon or much later. */
const pieces = fc
  .array(fc.tuple(fc.oneof({ weight: 40, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat(1500) }), usage, fc.nat(4)), {
    minLength: 300,
    maxLength: 1500,
  })
  .map((items) =>
    items.flatMap(([back, u, extra], i) => {
      const id = `msg_${back === null ? i : Math.max(0, i - back)}`;
      return Array.from({ length: extra + 1 }, (_, k) => [id, { ...u, output_tokens: u.output_tokens + k }] as const);
    }),
  );

describe('usage totals kept as they go', () => {
  it('equal the sums over every message’s last usage whenever they say they are exact', () => {
    let exact = 0;
    let inexact = 0;
    fc.assert(
      fc.property(pieces, (written) => {
        const totals = new UsageTotals();
        const byId = new Map<string, (typeof written)[number][1]>();
        for (const [id, u] of written) {
          totals.add(id, u);
          byId.set(id, u);
        }
        if (!totals.exact) {
          inexact++;
          return;
        }
        exact++;
        expect(totals.sums).toEqual(sumUsageById(byId));
      }),
      { numRuns: Math.max(fcRuns, 200) },
    );
    // Both ways are taken: sums kept exactly, and ids met again too late to take back.
    expect(exact).toBeGreaterThan(0);
    expect(inexact).toBeGreaterThan(0);
  });
});
