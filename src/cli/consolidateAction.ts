import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatPlan } from '../consolidation/index.js';
import { ConfigError } from '../errors.js';
import { consolidateMemory, proposeCommit, modelFromOptions, type ConsolidateResult } from '../jobs/index.js';
import { INDEX_NAME } from '../memory/durable/index.js';
import { OfflineModel } from '../model/offline/index.js';
import type { ConsolidateOptions } from './consolidateCommand.js';
import { costLine } from './modelPortOptions.js';
import { reviewByDefault } from './reviewSetting.js';

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/** A memory directory holds MEMORY.md or topic files; a projects folder holds projects that each have one. */
function memoryDirsUnder(path: string): string[] {
  if (!isDir(path)) throw new ConfigError(`${path}: not a directory`);
  const own = readdirSync(path);
  if (own.includes(INDEX_NAME) || (own.some((n) => n.endsWith('.md')) && !own.some((n) => n.endsWith('.jsonl')))) return [path];
  if (isDir(join(path, 'memory'))) return [join(path, 'memory')];
  const projects = own.filter((name) => isDir(join(path, name, 'memory'))).sort();
  if (projects.length === 0)
    throw new ConfigError(`${path}: no memory directory here (a folder with ${INDEX_NAME}, or projects with a memory/ folder)`);
  return projects.map((name) => join(path, name, 'memory'));
}

const count = (value: string, name: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new ConfigError(`${name} must be a number of at least 0, not ${JSON.stringify(value)}`);
  return n;
};

const finishedLines = (dir: string, result: ConsolidateResult): string =>
  result.finished.map((runId) => `${dir}: finished ${runId}, which a killed run had recorded and not finished\n`).join('');

function agentLines(result: ConsolidateResult): string {
  if (result.status === 'skipped' || result.agent === undefined) return '';
  const { agent } = result;
  const lines = [
    `  agent: ${agent.model} model, ${agent.turns} call(s), ${agent.tokens.input} tokens in, ${agent.tokens.output} out${agent.denied === 0 ? '' : `, ${agent.denied} tool call(s) refused`}`,
    ...(agent.summary === null ? ['  the agent made no report'] : [`  it says: ${agent.summary}`]),
    ...agent.restored.map((file) => `  kept ${file}: the agent deleted it without saying why`),
  ];
  return `${lines.join('\n')}\n`;
}

function summary(dir: string, result: ConsolidateResult): string {
  return finishedLines(dir, result) + outcome(dir, result) + agentLines(result);
}

function outcome(dir: string, result: ConsolidateResult): string {
  switch (result.status) {
    case 'skipped':
      return `${dir}: skipped: ${result.reason}\n`;
    case 'unchanged':
      return `${dir}: nothing to consolidate\n`;
    case 'planned':
      return formatPlan(result.plan, `${dir} (dry run, nothing written)`);
    case 'consolidated':
      return formatPlan(result.plan, `${dir} (${result.runId ?? 'consolidated'})`);
    case 'proposed':
      return formatPlan(
        result.plan,
        `${dir} (proposed for review as ${result.proposal ?? '?'}: memlog review accept ${result.proposal ?? '?'} --dir ${dir})`,
      );
  }
}

function toJson(dir: string, result: ConsolidateResult): unknown {
  const finished = result.finished.length === 0 ? {} : { finished: result.finished };
  if (result.status === 'skipped') return { memoryDir: dir, status: result.status, reason: result.reason, ...finished };
  return {
    memoryDir: dir,
    status: result.status,
    ...(result.runId === undefined ? {} : { runId: result.runId }),
    ...(result.proposal === undefined ? {} : { proposal: result.proposal }),
    ...finished,
    changes: result.plan.changes,
    index: result.plan.indexChanged ? result.plan.index : null,
    unreadable: result.unreadable,
    claudeMd: result.claudeMd,
    ...(result.agent === undefined ? {} : { agent: result.agent }),
  };
}

/** What `memlog consolidate <path>` does once its options are accepted: each memory directory under the path, in turn. */
export async function runConsolidate(path: string, options: ConsolidateOptions): Promise<void> {
  const minHours = count(options.minHours, '--min-hours');
  const minSessions = count(options.minSessions, '--min-sessions');
  const dirs = memoryDirsUnder(path);
  const model = modelFromOptions(options);
  // The offline model cannot run an agent: offline, the lexical planner consolidates.
  const agent = model instanceof OfflineModel ? undefined : { model };
  const results: unknown[] = [];
  for (const dir of dirs) {
    const result = await consolidateMemory({
      memoryDir: dir,
      dryRun: options.dryRun === true,
      ...(reviewByDefault(options.review) ? { review: proposeCommit } : {}),
      force: options.force === true,
      minHours,
      minSessions,
      claudeMd: options.claudeMd,
      ...(agent === undefined ? {} : { agent }),
    });
    if (options.json === true) results.push(toJson(dir, result));
    else process.stdout.write(summary(dir, result));
  }
  if (options.json === true) process.stdout.write(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  else process.stdout.write(costLine(model));
}
