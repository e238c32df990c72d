import { NO_RESPONSES, type CountedResponses } from '../../catalog/countedResponses.js';
import type { SessionSummary, UsageSums } from '../../catalog/index.js';
import { countedOnce } from './countedOnce.js';
import { costOf, pricesOf, type PriceTable } from './prices.js';

/** What a usage report's rows are: periods of the messages' UTC days, projects, or sessions. */
export const USAGE_GROUPS = ['day', 'week', 'month', 'project', 'session'] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number];

/** One transcript's summary with where it belongs. */
export interface UsageSession {
  readonly project: string;
  readonly session: string;
  readonly summary: SessionSummary;
  /** The transcript's path: which of two files holding a response at the same time counts it (decision 109). */
  readonly path?: string;
  /** The API responses the file counted (SessionCatalog.countedResponses); without them, none is shared with another file. */
  readonly responses?: CountedResponses;
}

export interface UsageOptions {
  readonly by: UsageGroup;
  /** First and last UTC day counted (YYYY-MM-DD), both included. */
  readonly since?: string;
  readonly until?: string;
  readonly prices: PriceTable;
}

/** Tokens of one model in one row, and their cost (null when the table has no price for the model). */
export interface ModelUsage extends UsageSums {
  readonly model: string;
  readonly costUsd: number | null;
}

export interface UsageRow extends UsageSums {
  readonly key: string;
  readonly costUsd: number;
  readonly models: ModelUsage[];
}

export interface UsageReport {
  readonly by: UsageGroup;
  readonly since: string | null;
  readonly until: string | null;
  readonly prices: { readonly date: string; readonly source: string };
  readonly rows: UsageRow[];
  readonly total: UsageSums & { readonly costUsd: number };
  /** Models with tokens and no price in the table: their tokens are counted, their cost is not. */
  readonly unpriced: string[];
}

/**
 * Token usage and its cost in USD, grouped, over the messages of the sessions dated within since..until (decision 86),
 * a response found in several files counted in the one where it appeared first (decision 109).
 */
export function usageReport(sessions: readonly UsageSession[], options: UsageOptions): UsageReport {
  const groups = new Map<string, Map<string, UsageSums>>();
  const usageByDay = countedOnce(
    sessions.map(({ path, summary, responses }) => ({
      path: path ?? '',
      usageByDay: summary.usageByDay,
      responses: responses ?? NO_RESPONSES,
      firstTime: summary.firstTime,
      lastTime: summary.lastTime,
    })),
  );
  sessions.forEach(({ project, session }, index) => {
    for (const [day, byModel] of Object.entries(usageByDay[index] ?? {})) {
      if (!within(day, options)) continue;
      const key = keyOf(options.by, day, project, session);
      const models = groups.get(key) ?? new Map<string, UsageSums>();
      groups.set(key, models);
      for (const [model, sums] of Object.entries(byModel)) models.set(model, added(models.get(model), sums));
    }
  });
  const unpriced = new Set<string>();
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, models]) => rowOf(key, models, options.prices, unpriced));
  const total = rows.reduce<UsageSums>((sum, row) => added(sum, row), emptySums());
  return {
    by: options.by,
    since: options.since ?? null,
    until: options.until ?? null,
    prices: { date: options.prices.date, source: options.prices.source },
    rows,
    total: { ...total, costUsd: rows.reduce((sum, row) => sum + row.costUsd, 0) },
    unpriced: [...unpriced].sort(),
  };
}

function rowOf(key: string, models: ReadonlyMap<string, UsageSums>, prices: PriceTable, unpriced: Set<string>): UsageRow {
  const modelRows = [...models]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([model, sums]): ModelUsage => {
      const rates = pricesOf(prices, model);
      if (rates === undefined && tokensOf(sums) > 0) unpriced.add(model === '' ? '(no model)' : model);
      return { model, ...sums, costUsd: rates === undefined ? null : costOf(rates, sums) };
    });
  const sums = modelRows.reduce<UsageSums>((sum, row) => added(sum, row), emptySums());
  return { key, ...sums, costUsd: modelRows.reduce((sum, row) => sum + (row.costUsd ?? 0), 0), models: modelRows };
}

function within(day: string, { since, until }: UsageOptions): boolean {
  if (since === undefined && until === undefined) return true;
  return day !== '' && (since === undefined || day >= since) && (until === undefined || day <= until);
}

function keyOf(by: UsageGroup, day: string, project: string, session: string): string {
  if (by === 'project') return project;
  if (by === 'session') return session;
  if (day === '') return '(no date)';
  if (by === 'month') return day.slice(0, 7);
  if (by === 'week') return mondayOf(day);
  return day;
}

/** The Monday that starts the ISO week of a YYYY-MM-DD day. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

export function tokensOf(sums: UsageSums): number {
  return sums.input + sums.output + sums.cacheCreation + sums.cacheRead;
}

function emptySums(): UsageSums {
  return { input: 0, output: 0, cacheCreation: 0, cacheRead: 0, messages: 0 };
}

function added(a: UsageSums | undefined, b: UsageSums): UsageSums {
  const base = a ?? emptySums();
  return {
    input: base.input + b.input,
    output: base.output + b.output,
    cacheCreation: base.cacheCreation + b.cacheCreation,
    cacheRead: base.cacheRead + b.cacheRead,
    messages: base.messages + b.messages,
  };
}
