import { columns, shortenEnd, shortenMiddle, wrapWords } from './shortenMiddle.js';
import { visibleText } from './visibleText.js';
import { tokensOf, type ModelUsage, type UsageReport } from './usageReport.js';

const number = (value: number): string => value.toLocaleString('en-US');
const usd = (value: number): string => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The longest model name a cell shows whole: every row stays within about 120 columns (decision 114). */
const MODEL_WIDTH = 30;

/**
 * A row's models in one short cell: the one that used the most tokens and how many more, so one row of many models
 * does not widen every row (decision 114); `--json` lists them all.
 */
function modelsCell(models: readonly ModelUsage[]): string {
  const top = models.reduce<ModelUsage | undefined>(
    (best, model) => (best === undefined || tokensOf(model) > tokensOf(best) ? model : best),
    undefined,
  );
  if (top === undefined) return '';
  const shown = shortenEnd(visibleText(top.model) || '(no model)', MODEL_WIDTH);
  return models.length === 1 ? shown : `${shown} +${models.length - 1} more`;
}

/** The width a table is kept within when none is given: a terminal's usual, and what a file or a pipe gets. */
export const DEFAULT_TABLE_WIDTH = 120;
/**
 * How the key column (0) and the models column (1) are narrowed, in turn, and to what floor: the key keeps 24 columns
 * (a name's start and end) before the models cell is cut, and no cell goes under 12, where a cut name tells nothing.
 */
const NARROWING: ReadonlyArray<readonly [column: number, floor: number]> = [
  [0, 24],
  [1, 12],
  [0, 12],
];
const GAP = '  ';

/**
 * Each column's width once the table fits `width`: only the key and models columns are narrowed, so a width too
 * small for the numbers alone is passed (decision 114).
 */
function fittedWidths(table: readonly (readonly string[])[], width: number): number[] {
  const widths = (table[0] ?? []).map((_, i) => Math.max(...table.map((row) => columns(row[i] ?? ''))));
  let over = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (widths.length - 1) - width;
  for (const [column, floor] of NARROWING) {
    const now = widths[column] ?? 0;
    const narrowed = Math.max(Math.min(now, floor), now - Math.max(over, 0));
    widths[column] = narrowed;
    over -= now - narrowed;
  }
  return widths;
}

/**
 * `memlog report --usage` as a text table: a row per group with its models, a total, and the price table it used.
 * Every line is kept within `width` columns by cutting long keys (nested projects' names) and model cells in the middle.
 */
export function formatUsageTable(report: UsageReport, width: number = DEFAULT_TABLE_WIDTH): string {
  const header = [report.by, 'models', 'input', 'output', 'cache write', 'cache read', 'total tokens', 'cost (USD)'];
  const cells = report.rows.map((row) => [
    visibleText(row.key),
    modelsCell(row.models),
    number(row.input),
    number(row.output),
    number(row.cacheCreation),
    number(row.cacheRead),
    number(tokensOf(row)),
    usd(row.costUsd),
  ]);
  const t = report.total;
  const footer = [
    'total',
    '',
    number(t.input),
    number(t.output),
    number(t.cacheCreation),
    number(t.cacheRead),
    number(tokensOf(t)),
    usd(t.costUsd),
  ];
  const table = [header, ...cells, footer];
  const widths = fittedWidths(table, width);
  const pad = (text: string, to: number, start: boolean): string => {
    const room = ' '.repeat(Math.max(0, to - columns(text)));
    return start ? room + text : text + room;
  };
  const line = (row: readonly string[]): string =>
    row
      .map((cell, i) => (i < 2 ? pad(shortenMiddle(cell, widths[i] ?? 0), widths[i] ?? 0, false) : pad(cell, widths[i] ?? 0, true)))
      .join(GAP)
      .trimEnd();
  const notes = [`prices of ${report.prices.date} (${report.prices.source})`];
  if (report.unpriced.length > 0)
    notes.push(`no price for ${report.unpriced.map(visibleText).join(', ')}: their tokens are counted, not their cost`);
  return [...table.map(line), '', ...notes.flatMap((note) => wrapWords(note, width))].join('\n');
}
