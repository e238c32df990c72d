import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsageTable, type UsageReport } from '../../src/report/usage/index.js';
import type { UsageRow } from '../../src/report/usage/usageReport.js';
import { visibleText } from '../../src/report/usage/visibleText.js';
import { fcRuns } from '../support/fcRuns.js';

/** Terminal columns of the characters these tests use: an emoji and a CJK ideograph take two, the rest one. */
const WIDE = new Set(['😀', '日', '한']);
const columns = (line: string): number => [...line].reduce((sum, character) => sum + (WIDE.has(character) ? 2 : 1), 0);
const number = (value: number): string => value.toLocaleString('en-US');

/** Project names as nested folders make them, some far longer than a terminal, some with wide characters (CJK, emoji). */
const key = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30, unit: fc.constantFrom('a', 'b', '-', '_', '0') }),
  fc
    .array(fc.string({ minLength: 1, maxLength: 40, unit: fc.constantFrom('a', 'z', '-', 'é', '😀', '日', '한', '\t', '\u001b', '\r') }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join('__')),
);
const tokens = fc.nat({ max: 5_000_000_000 });
const model = fc.constantFrom(
  'claude-opus-4-5-20251101',
  'claude-sonnet-4-5-20250929',
  'a-model-name-far-longer-than-thirty-characters',
  `${'m'.repeat(28)}😀😀-model`,
  'model\twith\u001b[31mcontrols',
  '',
);
const row: fc.Arbitrary<UsageRow> = fc
  .record({
    key,
    input: tokens,
    output: tokens,
    cacheCreation: tokens,
    cacheRead: tokens,
    costUsd: fc.double({ min: 0, max: 1e6, noNaN: true }),
  })
  .chain((sums) =>
    fc.array(model, { minLength: 0, maxLength: 4 }).map((models) => ({
      ...sums,
      messages: 1,
      models: models.map((name, i) => ({ model: name, input: i, output: 0, cacheCreation: 0, cacheRead: 0, messages: 1, costUsd: null })),
    })),
  );

function reportOf(rows: readonly UsageRow[]): UsageReport {
  const sum = (pick: (r: UsageRow) => number): number => rows.reduce((total, r) => total + pick(r), 0);
  return {
    by: 'project',
    since: null,
    until: null,
    prices: { date: '2026-12-01', source: 'shipped' },
    rows: [...rows],
    total: {
      input: sum((r) => r.input),
      output: sum((r) => r.output),
      cacheCreation: sum((r) => r.cacheCreation),
      cacheRead: sum((r) => r.cacheRead),
      messages: rows.length,
      costUsd: sum((r) => r.costUsd),
    },
    unpriced: [],
  };
}

const usd = (value: number): string => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The columns the six numbers, their headers and the gaps between the eight columns take: what no width can take from them. */
function numbersWidth(report: UsageReport): number {
  const cells = [...report.rows, report.total].map((r) => [
    number(r.input),
    number(r.output),
    number(r.cacheCreation),
    number(r.cacheRead),
    number(r.input + r.output + r.cacheCreation + r.cacheRead),
    usd(r.costUsd),
  ]);
  const headers = ['input', 'output', 'cache write', 'cache read', 'total tokens', 'cost (USD)'];
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((c) => c[i]!.length)));
  return widths.reduce((a, b) => a + b, 0) + 2 * 7;
}

describe('the usage table within a width (decision 114)', () => {
  it('keeps every line within the width, cutting names in the middle and never a number: only the numbers may pass it', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.integer({ min: 40, max: 300 }), (rows, width) => {
        const report = reportOf(rows);
        const lines = formatUsageTable(report, width).split('\n');
        // A name keeps 12 columns at least, and so does the models cell: past those only the numbers may pass the width.
        const bound = Math.max(width, numbersWidth(report) + 2 * 12);
        for (const line of lines) expect(columns(line)).toBeLessThanOrEqual(bound);
        // No character a terminal obeys instead of showing (a tab, a carriage return, an escape), nor half of one.
        for (const line of lines) expect(line).not.toMatch(/[\p{Cc}\p{Cs}]/u);
        for (const [i, r] of rows.entries()) {
          const line = lines[i + 1]!;
          for (const value of [r.input, r.output, r.cacheCreation, r.cacheRead]) expect(line).toContain(` ${number(value)}`);
          const shown = line.split('  ')[0]!;
          const key = visibleText(r.key);
          if (shown === key) continue;
          // Cut: what is left of "…" starts the name and what is right of it ends it.
          const [head, tail] = shown.split('…') as [string, string];
          expect(key.startsWith(head) && key.endsWith(tail)).toBe(true);
          // A wide character that would pass the cut's last column is left out whole: one column may stay blank.
          expect(columns(shown)).toBeGreaterThanOrEqual(11);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it('leaves a table that fits as it was', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const report = reportOf(rows);
        const wide = formatUsageTable(report, 100_000);
        const widest = Math.max(...wide.split('\n').map(columns));
        expect(formatUsageTable(report, widest)).toBe(wide);
      }),
      { numRuns: fcRuns },
    );
  });
});
