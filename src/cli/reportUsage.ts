import { InvalidArgumentError, type Command } from 'commander';
import { basename } from 'node:path';
import type { CatalogAnswer, CountedResponses } from '../catalog/index.js';
import { readRegularFileSync } from '../fs/index.js';
import { findTranscripts, type TranscriptFile } from '../inspect/light/index.js';
import { parseDay } from '../transcript/time/index.js';
import { projectsFolderArgument } from './transcriptArgument.js';
import { sayNoTranscripts } from './noTranscripts.js';
import { saySkipped, skippedOrThrow, type SkippedFile } from './skippedFiles.js';
import { unreadableList } from './unreadableJson.js';
import {
  DEFAULT_TABLE_WIDTH,
  formatUsageTable,
  parsePriceTable,
  SHIPPED_PRICES,
  USAGE_GROUPS,
  usageReport,
  type UsageGroup,
  type UsageSession,
} from '../report/usage/index.js';

export interface UsageCliOptions {
  readonly usage?: boolean;
  readonly by?: UsageGroup;
  readonly since?: string;
  readonly until?: string;
  readonly prices?: string;
  readonly catalog?: string | false;
  readonly json?: boolean;
}

const day =
  (flag: string) =>
  (value: string): string => {
    const parsed = parseDay(value);
    if (parsed.ok) return parsed.day;
    throw new InvalidArgumentError(
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${flag} ${value}: ${parsed.reason}` : `${flag} takes a day as YYYY-MM-DD, not '${value}'`,
    );
  };

const group = (value: string): UsageGroup => {
  if (!(USAGE_GROUPS as readonly string[]).includes(value)) throw new InvalidArgumentError(`--by is one of ${USAGE_GROUPS.join(', ')}`);
  return value as UsageGroup;
};

/** The options of `memlog report --usage` (decision 86). */
export function addUsageOptions(command: Command): Command {
  return command
    .option('--usage', 'token usage and its cost in USD, from the session catalog, instead of the replay rows')
    .option('--by <group>', `with --usage: a row per ${USAGE_GROUPS.join(', ')} (default: day)`, group)
    .option('--since <day>', 'with --usage: count messages from this UTC day on (YYYY-MM-DD)', day('--since'))
    .option('--until <day>', 'with --usage: count messages up to this UTC day, included (YYYY-MM-DD)', day('--until'))
    .option('--prices <file>', `with --usage: a JSON price table to use instead of the one shipped (of ${SHIPPED_PRICES.date})`)
    .option('--catalog <file>', 'with --usage: the session catalog (default: $MEMLOG_CATALOG, else ~/.memlog/catalog.db)')
    .option('--no-catalog', 'with --usage: read every file in full, neither reading nor writing the session catalog');
}

/**
 * Says which usage option was given without --usage, so that it is not silently ignored, or that
 * --since falls after --until: an empty range would print a table of zeros, read as "nothing spent".
 */
export function usageOptionProblem(options: UsageCliOptions): string | undefined {
  if (options.usage === true)
    return options.since !== undefined && options.until !== undefined && options.since > options.until
      ? `--since ${options.since} is after --until ${options.until}: no day is in that range`
      : undefined;
  const given = (['by', 'since', 'until', 'prices'] as const).find((key) => options[key] !== undefined);
  if (given !== undefined) return `--${given} goes with --usage`;
  return options.catalog === undefined ? undefined : `--${options.catalog === false ? 'no-' : ''}catalog goes with --usage`;
}

/** `memlog report <folder> --usage`: every transcript under the folder summarised through the catalog, grouped and priced. */
export async function runUsageReport(folder: string | undefined, options: UsageCliOptions): Promise<void> {
  const prices =
    options.prices === undefined ? SHIPPED_PRICES : parsePriceTable(readRegularFileSync(options.prices).toString('utf8'), options.prices);
  // As `report` itself: an archive is staged whole, an archived session's id as a folder holding it (decision 107).
  const root = await projectsFolderArgument(folder);
  const found = await findTranscripts([root]);
  const files = found.files.map((file) => file.path);
  const places = new Map(found.files.map((file) => [file.path, file]));
  if (files.length === 0 && found.skipped.length === 0) {
    sayNoTranscripts([folder ?? root]);
    // An empty table would read as "nothing was spent"; --json answers with its zeros, for a script that reads it.
    if (options.json !== true) return;
  }
  const sessions: UsageSession[] = [];
  const skipped: SkippedFile[] = [...found.skipped];
  for (const answer of await catalogAnswers(options.catalog, files)) {
    if ('error' in answer) skipped.push(skippedOrThrow(answer.path, answer.error));
    else
      sessions.push({
        ...placeOf(places.get(answer.path) ?? { path: answer.path, project: '', session: '' }),
        path: answer.path,
        summary: answer.summary,
        responses: answer.responses,
      });
  }
  saySkipped(skipped);
  const report = usageReport(sessions, {
    by: options.by ?? 'day',
    prices,
    ...(options.since === undefined ? {} : { since: options.since }),
    ...(options.until === undefined ? {} : { until: options.until }),
  });
  // Every file not counted, with why, beside the rows: the totals leave them out (decision 115).
  const json = (): string => `${JSON.stringify({ ...report, unreadable: unreadableList(skipped) }, null, 2)}\n`;
  process.stdout.write(options.json === true ? json() : `${formatUsageTable(report, tableWidth(process.stdout))}\n`);
}

type UsageAnswer =
  Extract<CatalogAnswer, { error: Error }> | (Extract<CatalogAnswer, { summary: unknown }> & { responses: CountedResponses });

/** A transcript's project as every command names it (decision 107), and its session (its file name). */
function placeOf(file: TranscriptFile): { project: string; session: string } {
  return { project: file.project, session: basename(file.path, '.jsonl') };
}

/**
 * The catalog's answers for the files (an in-memory one for --no-catalog), each summary with the responses its file
 * counted (decision 109); a catalog another memlog holds locked is one line.
 */
async function catalogAnswers(catalog: UsageCliOptions['catalog'], files: readonly string[]): Promise<UsageAnswer[]> {
  const { SessionCatalog, defaultCatalogPath, lockedCatalogError, openCatalogDb } = await import('../catalog/index.js');
  const path = catalog === false ? ':memory:' : (catalog ?? defaultCatalogPath());
  const db = openCatalogDb(path);
  try {
    // One read transaction for both: a fold another memlog stores meanwhile cannot split them (decision 109).
    return await new SessionCatalog(db).summariesWithResponses(files);
  } catch (error) {
    throw lockedCatalogError(error, path);
  } finally {
    db.close();
  }
}

/** The terminal's width when the table goes to one, else 120: a file or a pipe has no width of its own (decision 114). */
export function tableWidth(stdout: { readonly isTTY?: boolean; readonly columns?: number }): number {
  return stdout.isTTY === true && stdout.columns !== undefined && stdout.columns > 0 ? stdout.columns : DEFAULT_TABLE_WIDTH;
}
