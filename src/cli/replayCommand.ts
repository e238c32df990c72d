import type { Command } from 'commander';
import { fromEvent, merge } from 'rxjs';
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { atomicWrite } from '../fs/index.js';
import { buildSessionView, renderSessionPage } from '../report/index.js';
import {
  describeInferredWindow,
  describePolicy,
  effectLogPath,
  readEffectLog,
  replayDecisions,
  replaySync,
  type EffectRecord,
  type ReplaySettings,
  writeTimelineText,
} from '../pipeline/index.js';
import { followTranscript, resolveEntryRef, transcriptEntries } from '../transcript/index.js';
import { entryVersion, type Decision, type InferredWindow } from '../projections/index.js';
import type { LogEntry } from '../transcript/index.js';
import { ChunkedWriter } from './chunkedWriter.js';
import { checkOptions } from './optionChecks.js';
import { checkTranscriptArgument, resolveTranscriptArgument } from './transcriptArgument.js';
import { addTriggerOptions, positive, toSettings, type TriggerOptions } from './triggerOptions.js';

interface ReplayOptions extends TriggerOptions {
  readonly json?: boolean;
  readonly at?: string;
  readonly follow?: boolean;
  readonly effects?: string | false;
  readonly pollMs?: number;
  readonly html?: string;
}

/** `memlog replay <transcript>`: the decisions memlog's triggers make over a session, deterministically. */
export function registerReplay(program: Command): void {
  const command = declareReplayOptions(program);
  checkOptions<ReplayOptions>(command, replayConflict);
  addTriggerOptions(command, 'claude-code')
    .addHelpText(
      'after',
      '\nExamples:\n  memlog replay session.jsonl\n  memlog replay session.jsonl --json | jq -c "select(.kind == \\"compaction_due\\")"\n  memlog replay session.jsonl --at 4a883132-e7ec-4fdc-bb18-baef904959a2\n  memlog replay session.jsonl --html session.html',
    )
    .action(runReplay);
}

function declareReplayOptions(program: Command): Command {
  return program
    .command('replay')
    .description(
      "replay a session's memory life: context tokens per turn and every decision (session notes due, compaction due, extraction due or skipped) with its reason",
    )
    .argument('<transcript>', 'a transcript .jsonl file, or an archived session id')
    .option('--json', 'one decision per line: {kind, uuid, seq, tokens, reason, ...}')
    .option(
      '--at <entry>',
      "print the triggers' state right after that entry, as JSON: its number as replay prints it, its uuid, or the first characters of the uuid",
    )
    .option('--effects <file>', "memlog's effect log to replay runs from (default: <transcript>.memlog.jsonl when it exists)")
    .option('--no-effects', 'ignore any effect log: every run is taken to finish at once')
    .option('--follow', 'follow a transcript that is still being written and print decisions as they are made; Ctrl-C stops')
    .option('--poll-ms <ms>', 'with --follow: how often to look for new lines (default 250)', positive)
    .option(
      '--html <file>',
      'write the session as one self-contained HTML page (token chart, decision and run markers, turns) instead of printing it',
    );
}

function replayConflict(options: ReplayOptions): string | undefined {
  if (options.follow === true && options.at !== undefined)
    return '--at prints the state after one entry of a finished replay; it does not go with --follow';
  if (options.follow === true && typeof options.effects === 'string')
    return '--follow takes every run to succeed as it goes; it does not read --effects';
  if (options.pollMs !== undefined && options.follow !== true)
    return '--poll-ms sets how often --follow looks for new lines; it needs --follow';
  return undefined;
}

async function runReplay(given: string, options: ReplayOptions): Promise<void> {
  const file = await resolveTranscriptArgument(given);
  const settings = toSettings(options);
  if (options.html !== undefined && (options.follow === true || options.at !== undefined || options.json === true)) {
    process.stderr.write('memlog: --html draws the whole session; it does not go with --follow, --at or --json\n');
    process.exitCode = 2;
    return;
  }
  // A followed transcript may not exist yet.
  checkTranscriptArgument(file, { mayBeMissing: options.follow === true });
  if (options.follow === true) {
    await follow(file, settings, options);
    return;
  }
  await replayFinished(file, settings, options);
}

/** What one finished replay reads and reports, shared by its output forms. */
interface ReplayRun {
  readonly file: string;
  readonly settings: ReplaySettings;
  readonly entries: ReturnType<typeof transcriptEntries>;
  readonly records: EffectRecord[];
  readonly policyLine: () => string;
  readonly skipped: () => void;
}

async function replayFinished(file: string, settings: ReplaySettings, options: ReplayOptions): Promise<void> {
  // Read again for each pass, one entry at a time, never held whole (decision 51).
  const read = transcriptEntries(file);
  const versions = new Set<string>();
  const entries = Object.assign(withVersions(read, versions), { diagnostics: () => read.diagnostics() });
  const policy = settings.policy ?? 'claude-code';
  const policyLine = (): string => describePolicy(policy, [...versions]);
  const skipped = (): void => {
    const diagnostics = entries.diagnostics();
    if (diagnostics > 0)
      process.stderr.write(`memlog: ${diagnostics} line(s) of ${file} are not entries and were skipped (memlog inspect lists them)\n`);
  };
  const records = effectsFor(file, options);
  const run: ReplayRun = { file, settings, entries, records, policyLine, skipped };
  if (options.at !== undefined) printStateAt(run, options.at);
  else if (options.html !== undefined) await writeHtml(run, options.html);
  else if (options.json === true) printDecisionsJson(run);
  else printTimeline(run);
}

function printStateAt(run: ReplayRun, at: string): void {
  const entry = resolveEntryRef(run.entries, at);
  if (!entry.ok) {
    run.skipped();
    process.stderr.write(`memlog: ${run.file}: ${entry.reason}\n`);
    process.exitCode = 2;
    return;
  }
  const { state, inferred } = replaySync(run.entries, run.settings, entry.seq, run.records, () => {});
  sayInferred(inferred);
  run.skipped();
  process.stdout.write(`${JSON.stringify(state, mapsAsObjects, 2)}\n`);
}

async function writeHtml(run: ReplayRun, html: string): Promise<void> {
  const { file, entries } = run;
  await writePage(
    file,
    html,
    {
      name: basename(file),
      entries,
      records: run.records,
      settings: run.settings,
      diagnostics: () => entries.diagnostics(),
      bytes: statSync(file).size,
    },
    run.policyLine,
  );
  run.skipped();
}

function printDecisionsJson(run: ReplayRun): void {
  // Each decision goes out as it is made: nothing of the session is kept (decision 55).
  const out = new ChunkedWriter((text) => process.stdout.write(text));
  const { inferred } = replaySync(run.entries, run.settings, undefined, run.records, (decision) =>
    out.write(`${JSON.stringify(decision)}\n`),
  );
  out.flush();
  sayInferred(inferred);
  run.skipped();
}

function printTimeline(run: ReplayRun): void {
  const out = new ChunkedWriter((text) => process.stdout.write(text));
  const inferred = writeTimelineText(run.file, run.entries, (text) => out.write(text), run.settings, run.records);
  out.write(`  ${run.policyLine()}\n`);
  out.flush();
  sayInferred(inferred);
  run.skipped();
}

/** Live mode: decisions as the file grows, until SIGINT or SIGTERM; then what is owed at the end. */
function follow(file: string, settings: ReplaySettings, options: ReplayOptions): Promise<void> {
  const stop = merge(fromEvent(process, 'SIGINT'), fromEvent(process, 'SIGTERM'));
  const items = followTranscript(file, { stop, ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }) });
  process.stderr.write(`memlog: ${describePolicy(settings.policy ?? 'claude-code')}\n`);
  let count = 0;
  return new Promise((resolve, reject) => {
    // Live: each decision against the window known when it is made; usage past it raises it from there on (decision 113).
    replayDecisions(items, settings, { live: true, onInferred: (inferred) => sayInferred(inferred) }).subscribe({
      next: (decision: Decision) => {
        count++;
        process.stdout.write(
          options.json === true
            ? `${JSON.stringify(decision)}\n`
            : `${decision.reason} (entry ${decision.seq}, ${decision.uuid.slice(0, 8)})\n`,
        );
      },
      error: reject,
      complete: () => {
        process.stderr.write(`memlog: stopped following ${file}; ${count} decisions\n`);
        resolve();
      },
    });
  });
}

/** Renders the session's page and writes it atomically; one line on stdout says what was drawn. */
async function writePage(
  file: string,
  html: string,
  inputs: Parameters<typeof buildSessionView>[0],
  policyLine: () => string,
): Promise<void> {
  const built = buildSessionView(inputs);
  sayInferred(built.inferred ?? null);
  // The walk that built the view read the versions the policy line names.
  const view = { ...built, policy: policyLine() };
  const page = renderSessionPage(view);
  await atomicWrite(html, page, 0o644);
  const t = view.totals;
  process.stdout.write(
    `${html}: ${basename(file)}, ${t.entries} entries, ${t.turns} turns, ${view.drawn.markers} markers, ${Math.ceil(Buffer.byteLength(page) / 1024)} KB; ${view.policy}\n`,
  );
}

/** The window the session's usage proved, said once on stderr (decision 113). */
function sayInferred(inferred: InferredWindow | null): void {
  if (inferred !== null) process.stderr.write(`memlog: ${describeInferredWindow(inferred)}\n`);
}

/** The entries, each pass noting the Claude Code versions that wrote them (for the policy line). */
function withVersions(entries: Iterable<LogEntry>, versions: Set<string>): Iterable<LogEntry> {
  return {
    *[Symbol.iterator]() {
      for (const item of entries) {
        const version = entryVersion(item.entry);
        if (version !== null) versions.add(version);
        yield item;
      }
    },
  };
}

function effectsFor(file: string, options: ReplayOptions): EffectRecord[] {
  if (options.effects === false) return [];
  const path = options.effects ?? effectLogPath(file);
  if (options.effects === undefined && !existsSync(path)) return [];
  const { records, diagnostics } = readEffectLog(path);
  for (const d of diagnostics) process.stderr.write(`memlog: ${path} line ${d.line}: ${d.code}: ${d.message}\n`);
  return records;
}

/** JSON has no Map: print one as an object; an append-only index view as its visible entries. */
function mapsAsObjects(_key: string, value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries(value);
  if (value !== null && typeof value === 'object' && 'store' in value && 'upTo' in value) {
    const view = value as { store: { positions: Map<unknown, number> }; upTo: number };
    return Object.fromEntries([...view.store.positions].filter(([, at]) => at <= view.upTo));
  }
  return value;
}
