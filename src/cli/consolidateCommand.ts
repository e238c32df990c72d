import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { formatPlan } from '../consolidation/index.js';
import { ConfigError, OfflineModel } from '../index.js';
import {
  consolidateMemory,
  proposeCommit,
  DEFAULT_MIN_HOURS,
  DEFAULT_MIN_SESSIONS,
  modelFromOptions,
  type ConsolidateResult,
  type ModelKind,
} from '../jobs/index.js';
import { INDEX_NAME } from '../memory/durable/index.js';
import { addModelPortOptions, costLine, MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { modelOption } from './optionChecks.js';
import { REVIEW_ENV, reviewByDefault } from './reviewSetting.js';

interface ConsolidateOptions extends ModelPortCliOptions {
  readonly dryRun?: boolean;
  readonly review?: boolean;
  readonly json?: boolean;
  readonly force?: boolean;
  readonly minHours: string;
  readonly minSessions: string;
  readonly claudeMd: string[];
  readonly model: ModelKind;
}

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

/** Each --claude-md, in the order given. */
const collect = (value: string, previous: string[]): string[] => [...previous, value];

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

/** `memlog consolidate <memory-dir | projects-folder>`: Claude Code's "dream" for any memory directory. */
export function registerConsolidate(program: Command): void {
  const command = program
    .command('consolidate')
    .description(
      "merge a memory directory into one tight memory per fact, as Claude Code's background consolidation does: near-duplicates merged, the newest statement of a fact kept, relative dates made absolute, the index one short line per memory",
    )
    .argument('<path>', 'a memory directory (with MEMORY.md), a project folder with memory/, or a projects folder')
    .option('--dry-run', 'print the plan (added / updated / merged / removed, each with its reason and sources) and write nothing')
    .option('--json', 'print the result as one JSON object')
    .option(
      '--review',
      `put the changes in the review inbox beside the directory instead of writing them (memlog review); the default when ${REVIEW_ENV}=1`,
    )
    .addOption(modelOption('--model <kind>', `the consolidation agent's model: ${MODEL_HELP}; offline is the lexical planner`, 'auto'))
    .option('--force', 'run even when the gates say it is too soon (a consolidation running elsewhere still stops it)')
    .option('--min-hours <n>', 'hours since the last consolidation before the next', String(DEFAULT_MIN_HOURS))
    .option(
      '--min-sessions <n>',
      'sessions since the last consolidation before the next (when the project has sessions beside it)',
      String(DEFAULT_MIN_SESSIONS),
    )
    .option(
      '--claude-md <file>',
      "a CLAUDE.md to check the memories against (repeatable), besides the project's own found from its sessions' working directory; a memory that contradicts one is noted, CLAUDE.md is never written",
      collect,
      [],
    );
  addModelPortOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  memlog consolidate ~/.claude/projects/-home-me-shop/memory --dry-run\n  memlog consolidate memlog-out --force --json\n  memlog consolidate memlog-out/-home-me-shop/memory --claude-md ~/shop/CLAUDE.md --dry-run\n  memlog consolidate ~/.claude/projects/-home-me-shop --model anthropic --dry-run',
    )
    .action(async (path: string, options: ConsolidateOptions) => {
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
    });
}
