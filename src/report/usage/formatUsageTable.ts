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
  const name = top.model || '(no model)';
  const shown = name.length > MODEL_WIDTH ? `${name.slice(0, MODEL_WIDTH - 1)}…` : name;
  return models.length === 1 ? shown : `${shown} +${models.length - 1} more`;
}

/** `memlog report --usage` as a text table: a row per group with its models, a total, and the price table it used. */
export function formatUsageTable(report: UsageReport): string {
  const header = [report.by, 'models', 'input', 'output', 'cache write', 'cache read', 'total tokens', 'cost (USD)'];
  const cells = report.rows.map((row) => [
    row.key,
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
  const widths = header.map((_, i) => Math.max(...table.map((cellsOfRow) => (cellsOfRow[i] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const notes = [`prices of ${report.prices.date} (${report.prices.source})`];
  if (report.unpriced.length > 0) notes.push(`no price for ${report.unpriced.join(', ')}: their tokens are counted, not their cost`);
  return [...table.map(line), '', ...notes].join('\n');
}
