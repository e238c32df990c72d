import { InvalidArgumentError, type Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { relative } from 'node:path';
import { ConfigError } from '../index.js';
import { AnthropicModel } from '../model/anthropic/index.js';
import { CassetteModel } from '../model/cassette/index.js';
import { claudeConfigHome, projectsRoot } from '../transcript/index.js';
import { describeFailure } from '../fs/index.js';
import {
  backfillMemories,
  DEFAULT_CHUNK_TOKENS,
  extractMemories,
  findTargets,
  pendingExtraction,
  selectModel,
  type BackfillReport,
  type ExtractReport,
  type ModelKind,
  type SessionEvent,
} from '../jobs/index.js';
import type { ReplaySettings } from '../pipeline/index.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { positive } from './triggerOptions.js';

interface ExtractCliOptions {
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly model: ModelKind;
  readonly cassette?: string;
  readonly record?: boolean;
  readonly concurrency: number;
  readonly dryRun?: boolean;
  readonly json?: boolean;
  readonly frontmatter: 'metadata' | 'flat';
  readonly extractEvery?: number;
  readonly batch?: boolean;
  readonly twoPhase?: boolean;
  readonly chunkTokens?: number;
}

const form = (value: string): 'metadata' | 'flat' => {
  if (value === 'metadata' || value === 'flat') return value;
  throw new InvalidArgumentError('expected metadata or flat');
};

/** `memlog extract [projects-folder]`: durable memories from old transcripts, resumably. */
export function registerExtract(program: Command): void {
  const command = program
    .command('extract')
    .description(
      "extract durable memories (MEMORY.md and topic files) from old transcripts: every project's sessions in time order; a rerun does only what is new",
    )
    .argument('[folder]', 'a projects folder or one project folder (default: the projects folder under CLAUDE_CONFIG_DIR or ~/.claude)')
    .option(
      '--out <dir>',
      "memlog's output folder: <out>/<project>/memory and the effect logs that hold each session's cursor",
      'memlog-out',
    )
    .option('--into-claude', 'write where Claude Code reads: <project>/memory, effect logs beside the transcripts')
    .addOption(
      modelOption('--model <kind>', 'auto (the Anthropic API when ANTHROPIC_API_KEY is set, else offline), offline or anthropic', 'auto'),
    )
    .option('--cassette <file>', 'replay model calls from this cassette (with --record: record them)')
    .option('--record', 'with --cassette: call the model and record its answers')
    .option('--concurrency <n>', 'projects worked on side by side', positive, 2)
    .option('--frontmatter <form>', 'topic-file frontmatter: metadata (current Claude Code) or flat', form, 'metadata')
    .option('--extract-every <turns>', 'extract every N eligible turns (default 1)', positive)
    .option(
      '--batch',
      'send extraction requests through the Anthropic Message Batches API (half price, asynchronous): each run collects the batches that have ended and sends what is due next',
    )
    .option(
      '--two-phase',
      "backfill in two phases: each session read once, in chunks of whole turns, for candidate memories (recorded in its effect log); then each project's new candidates consolidated into its memory directory",
    )
    .option(
      '--chunk-tokens <n>',
      `with --two-phase: the largest chunk sent at once, in estimated tokens (default ${DEFAULT_CHUNK_TOKENS})`,
      positive,
    )
    .option('--dry-run', 'list what would be processed, with an estimate of model tokens; write nothing')
    .option('--json', 'print the report as one JSON object');
  checkOptions<ExtractCliOptions>(command, (options, given) => {
    if (options.record === true && options.cassette === undefined) return '--record records into a cassette: it needs --cassette <file>';
    if (options.intoClaude === true && given('out')) return '--into-claude writes where Claude Code reads; it does not go with --out';
    if (options.chunkTokens !== undefined && options.twoPhase !== true)
      return '--chunk-tokens sizes the chunks of --two-phase: it needs --two-phase';
    if (options.twoPhase === true && (options.dryRun === true || options.extractEvery !== undefined))
      return '--two-phase does not go with --dry-run or --extract-every yet';
    return undefined;
  })
    .addHelpText(
      'after',
      '\nExamples:\n  memlog extract fixtures/projects\n  memlog extract ~/.claude/projects --dry-run\n  memlog extract ~/.claude/projects/-home-me-app --into-claude --model anthropic',
    )
    .action(async (folder: string | undefined, options: ExtractCliOptions) => {
      const root = folder ?? projectsRoot(claudeConfigHome());
      const settings = options.extractEvery === undefined ? {} : { extraction: { everyTurns: options.extractEvery } };
      if (options.dryRun === true) {
        const plan = findTargets(root, options.out, options.intoClaude === true).map((target) => ({
          project: target.projectDir,
          memoryDir: target.memoryDir,
          sessions: target.sessions.map((session) => plannedSession(session, target.effectLog(session), settings)),
        }));
        if (options.json === true) process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
        else process.stdout.write(formatPlan(plan));
        return;
      }
      const model = selectModel({
        model: options.model,
        ...(options.cassette === undefined ? {} : { cassette: options.cassette }),
        ...(options.record === true ? { record: true } : {}),
      });
      if (options.batch === true && !(model instanceof AnthropicModel))
        throw new ConfigError(
          `--batch sends requests through the Anthropic Message Batches API: it needs ANTHROPIC_API_KEY and --model anthropic or auto (this run would use the ${model.name} model)`,
        );
      if (options.twoPhase === true) {
        const report = await backfillMemories({
          root,
          out: options.out,
          intoClaude: options.intoClaude === true,
          model,
          concurrency: options.concurrency,
          ...(options.chunkTokens === undefined ? {} : { chunkTokens: options.chunkTokens }),
          ...(options.batch === true && model instanceof AnthropicModel ? { batches: model.batches } : {}),
          onSession: (s) =>
            process.stderr.write(
              `memlog: ${s.session}: ${s.error === undefined ? `${s.chunks} chunk(s) ${options.batch === true ? 'answered' : 'sent'}, ${s.candidates} candidate(s)` : `FAILED: ${s.error}`}\n`,
            ),
        });
        if (model instanceof CassetteModel && options.record === true) await model.save();
        if (options.json === true) process.stdout.write(`${JSON.stringify({ ...report, model: model.name }, null, 2)}\n`);
        else process.stdout.write(formatBackfillReport(report, model.name));
        if (report.failedRuns > 0 || report.failedSessions > 0) process.exitCode = 1;
        return;
      }
      const progress = progressReporter();
      const report = await extractMemories({
        root,
        out: options.out,
        intoClaude: options.intoClaude === true,
        model,
        concurrency: options.concurrency,
        settings,
        frontmatter: options.frontmatter,
        onSession: progress.update,
        ...(options.batch === true && model instanceof AnthropicModel ? { batches: model.batches } : {}),
      });
      progress.stop();
      if (model instanceof CassetteModel && options.record === true) await model.save();
      if (options.json === true) process.stdout.write(`${JSON.stringify({ ...report, model: model.name }, null, 2)}\n`);
      else process.stdout.write(formatReport(report, model.name));
      if (report.failedRuns > 0 || report.failedSessions > 0) process.exitCode = 1;
    });
}

interface PlannedSession {
  readonly session: string;
  readonly runs: number;
  readonly messages: number;
  readonly estimatedTokens: number;
  readonly error?: string;
}

/** What --dry-run says of one session; one that cannot be read says why, and the plan goes on. */
function plannedSession(session: string, effectLog: string, settings: ReplaySettings): PlannedSession {
  try {
    return { session, ...pendingExtraction(session, effectLog, settings) };
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    return { session, runs: 0, messages: 0, estimatedTokens: 0, error: message };
  }
}

/** A bar with counts and ETA on a terminal; a plain line per session otherwise. */
function progressReporter(): { update: (event: SessionEvent) => void; stop: () => void } {
  if (process.stderr.isTTY !== true) {
    let done = 0;
    return {
      update: (event) => {
        if (event.type !== 'done') return;
        const { report } = event;
        process.stderr.write(
          `memlog: [${++done}] ${event.session}: ${report.error === undefined ? `${report.runs} run(s), ${report.added.length} added, ${report.updated.length} updated` : `FAILED: ${report.error}`}\n`,
        );
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    format: 'memlog extract [{bar}] {value}/{total} sessions | ETA {eta_formatted} | {memories} memories',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  let memories = 0;
  return {
    update: (event) => {
      if (!started) {
        bar.start(event.type === 'start' ? event.total : 1, 0, { memories });
        started = true;
      }
      if (event.type === 'done') {
        memories += event.report.added.length;
        bar.increment(1, { memories });
      }
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

const n = (value: number): string => value.toLocaleString('en-US');
const counts = (byType: Readonly<Record<string, number>>): string => {
  const parts = Object.entries(byType)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([type, count]) => `${type} ${count}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
};

function formatReport(report: ExtractReport, model: string): string {
  const lines = [
    `memlog extract: ${report.projects.length} project(s), ${report.sessions.length} session(s): ${report.processed} processed, ${report.sessions.length - report.processed} with nothing new`,
    `  memories added: ${counts(report.added)}; updated: ${counts(report.updated)}; unchanged: ${report.unchanged}`,
    `  model tokens: ${n(report.tokens.input)} in, ${n(report.tokens.output)} out (${model} model)`,
  ];
  if (report.batch !== undefined) {
    const { batchIds, submitted, waiting } = report.batch;
    lines.push(
      `  message batches: ${submitted} request(s) sent${batchIds.length === 0 ? '' : ` in ${batchIds.join(', ')}`}; ${waiting} still processing from earlier batches${submitted + waiting > 0 ? '; run memlog extract --batch again later to collect them' : ''}`,
    );
  }
  if (report.projects.length === 0)
    lines.push('  no transcripts found there (a projects folder holds one folder per project, each with <session>.jsonl files)');
  if (report.failedRuns > 0)
    lines.push(
      `  ${report.failedRuns} run(s) FAILED; their messages are covered again by the session's next run, or by the next memlog extract`,
    );
  const unreadable = report.sessions.flatMap((s) => (s.error === undefined ? [] : [`    ${s.error}`]));
  if (unreadable.length > 0) lines.push(`  ${unreadable.length} session(s) could not be read:`, ...unreadable);
  const dropped = report.sessions.flatMap((s) => s.indexDropped);
  if (dropped.length > 0)
    lines.push(
      `  MEMORY.md kept within 200 lines / 25,000 characters: ${dropped.length} index line(s) left it (their files stay): ${dropped.join(' | ')}`,
    );
  for (const project of report.projects)
    lines.push(
      `  ${relative(process.cwd(), project.memoryDir) || project.memoryDir}: ${project.memories} memor${project.memories === 1 ? 'y' : 'ies'}`,
    );
  return `${lines.join('\n')}\n`;
}

function formatBackfillReport(report: BackfillReport, model: string): string {
  const chunks = report.sessions.reduce((sum, s) => sum + s.chunks, 0);
  const candidates = report.sessions.reduce((sum, s) => sum + s.candidates, 0);
  const lines = [
    `memlog extract --two-phase: ${report.projects.length} project(s), ${report.sessions.length} session(s): ${report.processed} read, ${report.sessions.length - report.processed} with nothing new`,
    `  phase 1: ${chunks} chunk(s) ${report.batch === undefined ? 'sent' : 'answered'}, ${candidates} candidate(s) recorded`,
    `  model tokens: ${n(report.tokens.input)} in, ${n(report.tokens.output)} out (${model} model); the sessions' own size: ${n(report.sessionTokens)}`,
  ];
  if (report.batch !== undefined) {
    const { batchIds, submitted, waiting } = report.batch;
    lines.push(
      `  message batches: ${submitted} chunk(s) sent${batchIds.length === 0 ? '' : ` in ${batchIds.join(', ')}`}; ${waiting} still processing from earlier batches${submitted + waiting > 0 ? '; run memlog extract --two-phase --batch again later to collect them (phase 2 waits for them)' : ''}`,
    );
  }
  if (report.failedRuns > 0)
    lines.push(
      `  ${report.failedRuns} chunk request(s) FAILED; ${report.batch === undefined ? 'the next memlog extract --two-phase starts again from them' : 'sent again in this batch'}`,
    );
  const unreadable = report.sessions.flatMap((s) => (s.error === undefined || s.failed > 0 ? [] : [`    ${s.error}`]));
  if (unreadable.length > 0) lines.push(`  ${unreadable.length} session(s) could not be read:`, ...unreadable);
  for (const project of report.projects)
    lines.push(
      `  ${relative(process.cwd(), project.memoryDir) || project.memoryDir}: ${project.memories} memor${project.memories === 1 ? 'y' : 'ies'}; phase 2: ${project.consolidated.status}${project.consolidated.chunks === 0 ? '' : ` (${project.consolidated.candidates} candidate(s) from ${project.consolidated.chunks} chunk(s), ${project.consolidated.changes} change(s))`}`,
    );
  return `${lines.join('\n')}\n`;
}

function formatPlan(plan: ReadonlyArray<{ project: string; memoryDir: string; sessions: readonly PlannedSession[] }>): string {
  const lines: string[] = [];
  let runs = 0;
  let tokens = 0;
  for (const project of plan) {
    lines.push(`${project.project} → ${project.memoryDir}`);
    for (const s of project.sessions) {
      runs += s.runs;
      tokens += s.estimatedTokens;
      lines.push(
        `  ${s.session}: ${s.error !== undefined ? `cannot be read (${s.error})` : s.runs === 0 ? 'nothing new' : `${s.runs} extraction run(s) over ${s.messages} new message(s), about ${n(s.estimatedTokens)} model input tokens`}`,
      );
    }
  }
  lines.push(`${runs} run(s) in all, about ${n(tokens)} model input tokens (with a real model; the offline model costs nothing)`);
  return `${lines.join('\n')}\n`;
}
