import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { mkdirSync } from '../../fs/faultableFs.js';
import { acquireProcessLock } from '../../fs/processLock.js';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../../errors.js';
import { statOrNull } from '../../fs/fileKind.js';
import { describeFailure } from '../../fs/fsError.js';
import type { BatchStatus, MessageBatchesPort } from '../../model/messageBatches.js';
import type { ModelPort, ModelRequest } from '../../model/port.js';
import { appendEffectsSync, effectLogPath, readEffectLog, withoutInterrupted } from '../../pipeline/effectLog.js';
import { type EffectRecord, type LogPosition, type RunStartedRecord } from '../../pipeline/effectRecord.js';
import { runFailedRecord, runFinishedRecord } from '../../pipeline/effectRecords.js';
import { recoverInterrupted, retryFailed, retryRecords, runPaced, type PacedResult, type PacedRun } from '../../pipeline/pacedRuns.js';
import type { ReplaySettings } from '../../pipeline/replay.js';
import { replaySync } from '../../pipeline/replay.js';
import type { Decision, ExtractionDue, RunStart } from '../../projections/decisions.js';
import { isPrompt } from '../../projections/turns.js';
import { liveConversation } from '../../resume/loadConversation.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { batchCustomId, readBatchLedger, recordSubmittedBatch, remoteCustomId } from './messageBatchLedger.js';
import { applyBatchReply, batchExtractionRequest } from './messageBatchExtraction.js';
import { removeStagedDir, removeStagedLeftovers } from '../../fs/stagedDir.js';
import { ExtractionOutcome } from './extractionOutcome.js';
import { runExtraction } from './extractionRun.js';
import { applyStaged, extractionStagingDir, removeStrayTempFiles, runStaged } from './stagedMemoryRun.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { autoMemoryDir, type Env } from '../../memory/durable/memoryPaths.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';

export interface ExtractTarget {
  /** The project folder (Claude Code's `projects/<sanitized path>`). */
  readonly projectDir: string;
  readonly sessions: readonly string[];
  readonly memoryDir: string;
  /** Where each session's effect log goes (it holds the extraction cursor). */
  readonly effectLog: (session: string) => string;
}

export interface ExtractOptions {
  /** A projects folder (every project in it) or one project folder. */
  readonly root: string;
  /** memlog's own output folder (memory and effect logs per project); ignored with `intoClaude`. */
  readonly out: string;
  /** Write where Claude Code reads: `<project>/memory/`, effect logs beside the transcripts. */
  readonly intoClaude?: boolean;
  readonly model: ModelPort;
  readonly concurrency?: number;
  readonly settings?: ReplaySettings;
  readonly frontmatter?: FrontmatterForm;
  /** For `intoClaude`: where Claude Code's config lives (CLAUDE_CONFIG_DIR). */
  readonly env?: Env;
  readonly onSession?: (event: SessionEvent) => void;
  readonly signal?: AbortSignal;
  /**
   * Send extraction requests through a Message Batches API instead of `model`: results of
   * batches that have ended are collected and applied, and what is due next goes out in a new
   * batch, collected by a later run.
   */
  readonly batches?: MessageBatchesPort;
  /** The clock for the batch ledger (submission times only; never in memory files). */
  readonly now?: () => Date;
}

export type SessionEvent = { readonly type: 'start'; readonly session: string; readonly total: number } | { readonly type: 'done'; readonly session: string; readonly report: SessionReport };

export interface SessionReport {
  readonly project: string;
  readonly session: string;
  readonly runs: number;
  readonly failed: number;
  readonly added: ExtractionOutcome['written'];
  readonly updated: ExtractionOutcome['written'];
  readonly tokens: { readonly input: number; readonly output: number };
  readonly diagnostics: number;
  /** Index lines that left MEMORY.md to keep it within Claude Code's limits (their files stay). */
  readonly indexDropped: readonly string[];
  /** Runs whose request goes out in this round's message batch. */
  readonly submitted: number;
  /** Runs sent in an earlier batch that has not ended yet. */
  readonly waiting: number;
  /** Why the session could not be worked on (its transcript could not be read); the batch went on without it. */
  readonly error?: string;
}

export interface ExtractReport {
  readonly projects: ReadonlyArray<{ readonly projectDir: string; readonly memoryDir: string; readonly memories: number }>;
  readonly sessions: readonly SessionReport[];
  /** Sessions that had something new and ran extraction. */
  readonly processed: number;
  readonly added: Readonly<Record<string, number>>;
  readonly updated: Readonly<Record<string, number>>;
  /** Memory files this run did not touch. */
  readonly unchanged: number;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly failedRuns: number;
  /** Sessions that could not be worked on at all (each has an `error`). */
  readonly failedSessions: number;
  /** With `batches`: what this round sent, and what is still out. */
  readonly batch?: { readonly batchIds: readonly string[]; readonly submitted: number; readonly waiting: number };
}

const isSession = (name: string): boolean => name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') && (isSessionFileName(name) || !name.startsWith('agent-'));

/**
 * A session file to work on: a regular file, or one that cannot even be looked at (a dangling
 * link), which then fails when read and is reported. A pipe, socket or folder is skipped: reading
 * a pipe blocks until something writes to it.
 */
function isSessionFile(path: string): boolean {
  const stats = statOrNull(path);
  return stats === null || stats.isFile();
}

/** The first timestamp, for the time order; '' (first) for a file without one or that cannot be read. */
function firstTimestamp(path: string): string {
  try {
    for (const item of readTranscriptSync(path)) {
      if (item.kind === 'entry') {
        const time = (item.entry as { timestamp?: unknown }).timestamp;
        if (typeof time === 'string') return time;
      }
    }
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
  }
  return '';
}

/** Folders holding session transcripts: the root itself, or any folder below it (not a session's own folder, `subagents` or `memory`). */
function projectFolders(root: string, depth = 0): string[] {
  const names = readdirSync(root);
  if (names.some((name) => isSession(name) && isSessionFile(join(root, name)))) return [root];
  if (depth >= 4) return [];
  return names
    .filter((name) => name !== 'subagents' && name !== 'memory' && !name.startsWith('.'))
    .map((name) => join(root, name))
    .filter((path) => statOrNull(path)?.isDirectory() === true)
    .sort()
    .flatMap((path) => projectFolders(path, depth + 1));
}

/** The projects under a root and their sessions, oldest first. */
export function findTargets(rootPath: string, outPath: string, intoClaude: boolean, env: Env = process.env): ExtractTarget[] {
  if (!existsSync(rootPath)) throw new MemlogError('not_found', `no folder ${rootPath}`);
  if (!statSync(rootPath).isDirectory()) throw new MemlogError('invalid_argument', `${rootPath} is a file; memlog extract takes a projects folder or one project folder`);
  // Real and absolute: the memory directory is named to the model and checked by the gate on real paths.
  const root = realpathSync(resolve(rootPath));
  mkdirSync(resolve(outPath), { recursive: true });
  const out = realpathSync(resolve(outPath));
  return projectFolders(root).map((projectDir) => {
    const sessions = readdirSync(projectDir)
      .filter(isSession)
      .map((name) => join(projectDir, name))
      .filter(isSessionFile)
      .map((path) => ({ path, time: firstTimestamp(path) }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.path < b.path ? -1 : 1))
      .map((s) => s.path);
    // Named by their path under the root, so nested folders with the same last name stay apart.
    const name = relative(root, projectDir).split(sep).join('__') || basename(projectDir);
    return intoClaude
      ? { projectDir, sessions, memoryDir: realIfThere(claudeMemoryDir(projectDir, sessions, env)), effectLog: (session: string) => effectLogPath(session) }
      : { projectDir, sessions, memoryDir: realIfThere(join(out, name, 'memory')), effectLog: (session: string) => join(out, name, 'effects', basename(effectLogPath(session))) };
  });
}

/**
 * A memory directory by its real path, so a run's copy sits beside the real folder (on its file
 * system: moving files in is a rename) and the gate compares real paths.
 */
function realIfThere(path: string): string {
  return existsSync(path) ? realpathSync(path) : path;
}

/**
 * Where Claude Code reads this project's memory: the directory of the canonical git root of the
 * sessions' working directory (worktrees and subfolders share it), when that directory is on
 * this machine; otherwise the project folder's own `memory/`.
 */
function claudeMemoryDir(projectDir: string, sessions: readonly string[], env: Env): string {
  for (const session of sessions) {
    const cwd = firstCwd(session);
    if (cwd !== undefined) return existsSync(cwd) ? autoMemoryDir({ projectRoot: cwd, env }) : join(projectDir, 'memory');
  }
  return join(projectDir, 'memory');
}

/** The working directory a session records first; undefined when none does or it cannot be read (that session fails later, and says why). */
function firstCwd(session: string): string | undefined {
  try {
    for (const item of readTranscriptSync(session)) {
      const cwd = item.kind === 'entry' ? (item.entry as { cwd?: unknown }).cwd : undefined;
      if (typeof cwd === 'string') return cwd;
    }
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
  }
  return undefined;
}

/** One extraction at a time per memory directory, across processes (a lock file beside it). */
function lockMemoryDir(memoryDir: string): () => void {
  return acquireProcessLock(join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-extract.lock`), { holder: 'memlog extract', target: memoryDir });
}

/** Extraction runs a session still owes (what `--dry-run` lists), and the messages they would read. */
export function pendingExtraction(session: string, logPath: string, settings?: ReplaySettings): { readonly runs: number; readonly messages: number; readonly estimatedTokens: number } {
  const { entries } = readLogEntries(session);
  const read = readEffectLog(logPath).records;
  // A run that started and never ended (a crash) will run again, and so will a failed newest run: neither is done.
  const records = withoutInterrupted([...read, ...retryRecords(read, 'extraction')]);
  const ended = new Set(records.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const done = new Set(records.flatMap((r) => (r.type === 'run_started' && r.run === 'extraction' && ended.has(r.runId) ? [r.batch.map((p) => p.uuid).join(' ')] : [])));
  const decisions = replaySync(entries, settings, undefined, records).decisions;
  const starts = decisions.filter((d) => d.kind === 'run_start' && d.run === 'extraction' && !done.has(d.batch.join(' ')));
  const due = decisions.filter((d): d is ExtractionDue => d.kind === 'extraction_due');
  const messages = starts.reduce((sum, start) => sum + (start.kind === 'run_start' ? start.batch.reduce((n, uuid) => n + (due.find((d) => d.uuid === uuid)?.newMessages ?? 0), 0) : 0), 0);
  // Each run sends the conversation so far plus a prompt of about 1,500 tokens.
  const estimatedTokens = starts.reduce((sum, start) => sum + start.tokens + 1_500, 0);
  return { runs: starts.length, messages, estimatedTokens };
}

/** Extracts one session's memories: every extraction its triggers call for that its effect log lacks. */
async function extractSession(target: ExtractTarget, session: string, options: ExtractOptions, batch: BatchRound | null): Promise<SessionReport> {
  const logPath = target.effectLog(session);
  const { entries, diagnostics, log } = readSessionInputs(session, logPath);
  await removeStrayTempFiles(target.memoryDir);
  const sessionId = basename(session, '.jsonl');
  // Staging copies are named for the session and the run, so no other session's run can be taken for this one's.
  const stagingOf = (runId: string) => extractionStagingDir(target.memoryDir, `${sessionId}.${runId}`);
  // A run that recorded its end but died while moving its files into place is finished first.
  for (const record of log.records) {
    if (record.type !== 'run_finished' || record.run !== 'extraction' || !existsSync(stagingOf(record.runId))) continue;
    const outcome = ExtractionOutcome.safeParse(record.outcome);
    await applyStaged(stagingOf(record.runId), target.memoryDir, outcome.success ? outcome.data.written.map((w) => w.file) : []);
  }
  // A run whose request went out in a message batch is still going on, not interrupted.
  const ledger = readBatchLedger(target.memoryDir);
  const submitted = (record: RunStartedRecord): boolean => ledger.has(remoteCustomId(record) ?? '');
  const interrupted = await recoverInterrupted(log.records, 'extraction', logPath, (runId) => removeStagedDir(stagingOf(runId)), submitted);
  let records = [...log.records, ...interrupted];
  // Collected now, after the log as it stands was read to its end: placed at its last entry, marked so.
  const last = entries.at(-1);
  const end: LogPosition = { seq: last?.seq ?? -1, uuid: (last?.entry as { uuid?: string } | undefined)?.uuid ?? null };
  const collected = await collectBatchResults(target, sessionId, records, ledger, end, logPath, batch, options);
  records = [...records, ...collected.records];
  // The newest run failed last time: it runs again now, at the same place.
  records = [...records, ...retryFailed(records, 'extraction', logPath)];
  const timeOf = new Map(entries.map((e) => [(e.entry as { uuid?: string }).uuid, (e.entry as { timestamp?: string }).timestamp]));
  const prompts = new Set(entries.flatMap((e) => (isPrompt(e.entry) ? [(e.entry as { uuid: string }).uuid] : [])));
  const cwd = entries.map((e) => (e.entry as { cwd?: unknown }).cwd).find((c): c is string => typeof c === 'string');
  // A batch run's record and its request both need the run's view of the conversation: built once a run.
  const frames = new Map<RunStart, ReturnType<typeof buildFrame>>();
  const frame = (start: RunStart, decisions: readonly Decision[]) => {
    const known = frames.get(start);
    if (known !== undefined) return known;
    const made = buildFrame(start, decisions);
    frames.set(start, made);
    return made;
  };
  const buildFrame = (start: RunStart, decisions: readonly Decision[]) => {
    const snapshot = liveConversation(entries.filter((e) => e.seq <= start.seq));
    const cursor = (decisions[0] as ExtractionDue | undefined)?.cursor ?? null;
    const at = cursor === null ? -1 : snapshot.findIndex((m) => m.sources.includes(cursor));
    return {
      snapshot,
      conversation: snapshot.map(({ role, content }) => ({ role, content })),
      newMessages: at === -1 ? snapshot.length : snapshot.length - at - 1,
      from: cursor,
      to: start.uuid,
      now: timeOf.get(start.uuid) ?? '1970-01-01T00:00:00.000Z',
    };
  };
  const runs = await runPaced({
    entries,
    records,
    logPath,
    kind: 'extraction',
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    // In a batch round, a run's request goes out with the others at the end; its record says which it is.
    ...(batch === null ? {} : { remote: (runId: string, start: RunStart, decisions: readonly Decision[]) => {
          const run = frame(start, decisions);
          return { customId: batchCustomId(sessionId, runId), from: run.from, to: run.to, now: run.now };
        } }),
    execute: async (start, decisions, runId): Promise<PacedResult> => {
      const run = frame(start, decisions);
      frames.delete(start); // used up: a session's snapshots are not kept
      if (batch !== null) {
        const existing = await scanMemoryFiles(target.memoryDir);
        const index = await readFile(join(target.memoryDir, INDEX_NAME), 'utf8').catch(() => '');
        const request = await batchExtractionRequest({ conversation: run.conversation, newMessages: run.newMessages, memoryDir: target.memoryDir }, { staging: target.memoryDir, existing, index });
        batch.outbox.push({ memoryDir: target.memoryDir, customId: batchCustomId(sessionId, runId), request });
        return { deferred: true };
      }
      const humanMessages = run.snapshot.flatMap((message, i) => (message.role === 'user' && message.sources.some((uuid) => prompts.has(uuid)) ? [i] : []));
      return runExtraction({
        model: options.model,
        memoryDir: target.memoryDir,
        readRoots: cwd !== undefined && existsSync(cwd) ? [cwd] : [],
        conversation: run.conversation,
        newMessages: run.newMessages,
        humanMessages,
        runId: `${sessionId}.${runId}`,
        sessionId,
        from: run.from,
        to: run.to,
        now: run.now,
        ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    },
  });
  const done = [...collected.runs, ...runs.filter((run) => run.deferred !== true)];
  const outcomes = done.flatMap((run) => (run.ok ? [run.outcome as ExtractionOutcome] : []));
  const written = outcomes.flatMap((o) => o.written).filter((w) => w.file !== INDEX_NAME);
  return {
    project: target.projectDir,
    session,
    runs: done.length,
    failed: done.filter((run) => !run.ok).length,
    added: written.filter((w) => w.change === 'added'),
    updated: written.filter((w) => w.change === 'updated'),
    tokens: { input: outcomes.reduce((n, o) => n + o.tokens.input, 0), output: outcomes.reduce((n, o) => n + o.tokens.output, 0) },
    diagnostics: diagnostics.length,
    indexDropped: outcomes.flatMap((o) => o.indexDropped),
    submitted: runs.filter((run) => run.deferred === true).length,
    waiting: collected.waiting,
  };
}

/** A session whose transcript or effect log cannot be read: nothing was written for it, so the project goes on without it. */
class SessionUnreadableError extends MemlogError {
  constructor(cause: unknown) {
    super('io', describeFailure(cause) ?? String(cause), {}, { cause });
  }
}

/** What a session's extraction reads before it writes anything. */
function readSessionInputs(session: string, logPath: string) {
  try {
    const { entries, diagnostics } = readLogEntries(session);
    return { entries, diagnostics, log: readEffectLog(logPath) };
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
}

/** One `memlog extract --batch`: where batches are read from, and the requests to send at the end. */
interface BatchRound {
  readonly port: MessageBatchesPort;
  readonly outbox: Array<{ readonly memoryDir: string; readonly customId: string; readonly request: ModelRequest }>;
  /** Each batch's status, asked once a round. */
  readonly statuses: Map<string, Promise<BatchStatus>>;
}

/**
 * The runs of a session whose requests went out in a message batch: each one whose batch has
 * ended gets its end recorded after the end of the transcript as it is now (`afterEnd`: the run
 * was in flight all that time, so later triggers coalesced behind it), then its memories applied. Without a
 * batch round (no --batch), they are left waiting.
 */
async function collectBatchResults(
  target: ExtractTarget,
  sessionId: string,
  records: readonly EffectRecord[],
  ledger: ReadonlyMap<string, string>,
  end: LogPosition,
  logPath: string,
  batch: BatchRound | null,
  options: ExtractOptions,
): Promise<{ readonly records: EffectRecord[]; readonly runs: PacedRun[]; readonly waiting: number }> {
  const live = withoutInterrupted(records);
  const ended = new Set(live.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const open = live.filter((r): r is RunStartedRecord => r.type === 'run_started' && r.run === 'extraction' && !ended.has(r.runId) && ledger.has(remoteCustomId(r) ?? ''));
  const out: EffectRecord[] = [];
  const runs: PacedRun[] = [];
  let waiting = 0;
  for (const started of open) {
    const customId = remoteCustomId(started)!;
    const batchId = ledger.get(customId)!;
    if (batch === null) {
      waiting++;
      continue;
    }
    if (!batch.statuses.has(batchId)) batch.statuses.set(batchId, batch.port.status(batchId));
    const status = await batch.statuses.get(batchId)!;
    if (!status.ended) {
      waiting++;
      continue;
    }
    const result = status.results.get(customId) ?? { ok: false as const, error: `batch ${batchId} has no result for this run's request` };
    const from = started.remote?.from ?? null;
    const to = started.remote?.to ?? null;
    const now = started.remote?.now ?? '1970-01-01T00:00:00.000Z';
    let record: EffectRecord;
    let apply = (): Promise<void> => Promise.resolve();
    try {
      if (!result.ok) throw new Error(result.error);
      const staged = await runStaged({ memoryDir: target.memoryDir, runId: `${sessionId}.${started.runId}`, sessionId, from, to }, (context) =>
        applyBatchReply(result.reply, context, { frontmatter: options.frontmatter ?? 'metadata', sessionId, now }),
      );
      record = runFinishedRecord({ at: end, afterEnd: true, run: 'extraction', runId: started.runId, outcome: staged.outcome });
      apply = staged.apply;
      runs.push({ runId: started.runId, at: end, ok: true, outcome: staged.outcome });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      record = runFailedRecord({ at: end, afterEnd: true, run: 'extraction', runId: started.runId, error: message });
      runs.push({ runId: started.runId, at: end, ok: false, error: message });
    }
    appendEffectsSync(logPath, [record]);
    await apply();
    out.push(record);
  }
  return { records: out, runs, waiting };
}

/**
 * Batch extraction over old transcripts (`memlog extract`): each project's sessions in time
 * order, projects side by side up to `concurrency`. Resumable: each session's effect log keeps
 * its cursor, so a rerun only does what is new, and a run killed at any point and started again
 * ends with the same files as one that was never stopped.
 */
export async function extractMemories(options: ExtractOptions): Promise<ExtractReport> {
  const targets = findTargets(options.root, options.out, options.intoClaude === true, options.env);
  const total = targets.reduce((n, t) => n + t.sessions.length, 0);
  const sessions: SessionReport[] = [];
  const queue = [...targets];
  const batch: BatchRound | null = options.batches === undefined ? null : { port: options.batches, outbox: [], statuses: new Map() };
  // In a batch round a memory directory stays locked until its requests are sent and in the
  // ledger: another extract in between would take its runs for interrupted and send them again.
  const held: Array<() => void> = [];
  const worker = async (): Promise<void> => {
    for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
      const release = lockMemoryDir(target.memoryDir);
      try {
        let stopped: unknown;
        for (const session of target.sessions) {
          options.onSession?.({ type: 'start', session, total });
          const report = await extractSession(target, session, options, batch).catch((error: unknown) => {
            // A session that could not be read wrote nothing: the next one goes on. Any other
            // failure may have left this memory directory part-way (a run the machine stopped, a
            // result not yet in place): its later sessions would run on the wrong state, so they
            // wait for the next extract, which finishes that first.
            if (!(error instanceof SessionUnreadableError)) stopped = error;
            return failedSession(target, session, error, options.signal);
          });
          sessions.push(report);
          options.onSession?.({ type: 'done', session, report });
          if (stopped !== undefined) break;
        }
        // Every session's finished runs are applied by now: any run copy left is a dead run's.
        if (stopped === undefined) await removeStagedLeftovers(target.memoryDir);
      } finally {
        if (batch === null) release();
        else held.push(release);
      }
    }
  };
  let batchIds: string[] = [];
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, targets.length)) }, worker));
    if (batch !== null) batchIds = await submitOutbox(batch, options.now ?? (() => new Date()));
  } finally {
    for (const release of held) release();
  }
  sessions.sort((a, b) => (a.session < b.session ? -1 : 1));
  const byType = (list: ReadonlyArray<{ type: string | null }>) => list.reduce<Record<string, number>>((acc, w) => ({ ...acc, [w.type ?? 'other']: (acc[w.type ?? 'other'] ?? 0) + 1 }), {});
  const touched = new Set(sessions.flatMap((s) => [...s.added, ...s.updated].map((w) => `${s.project}\u0000${w.file}`)));
  const projects = await Promise.all(targets.map(async (t) => ({ projectDir: t.projectDir, memoryDir: t.memoryDir, memories: (await scanMemoryFiles(t.memoryDir)).length })));
  const allFiles = await Promise.all(targets.map(async (t) => (await scanMemoryFiles(t.memoryDir)).map((h) => `${t.projectDir}\u0000${h.filename}`)));
  return {
    projects,
    sessions,
    processed: sessions.filter((s) => s.runs > 0).length,
    added: byType(sessions.flatMap((s) => s.added)),
    updated: byType(sessions.flatMap((s) => s.updated)),
    unchanged: allFiles.flat().filter((f) => !touched.has(f)).length,
    tokens: { input: sessions.reduce((n, s) => n + s.tokens.input, 0), output: sessions.reduce((n, s) => n + s.tokens.output, 0) },
    failedRuns: sessions.reduce((n, s) => n + s.failed, 0),
    failedSessions: sessions.filter((s) => s.error !== undefined).length,
    ...(batch === null ? {} : { batch: { batchIds, submitted: batch.outbox.length, waiting: sessions.reduce((n, s) => n + s.waiting, 0) } }),
  };
}

/**
 * A session that could not be worked on: its transcript (or its effect log, or its memory
 * folder) could not be read or written. The batch goes on with the next one; anything that is
 * not such a failure is a bug and stops it, as does an abort.
 */
function failedSession(target: ExtractTarget, session: string, error: unknown, signal: AbortSignal | undefined): SessionReport {
  const message = describeFailure(error);
  if (message === undefined || signal?.aborted === true) throw error;
  return { project: target.projectDir, session, runs: 0, failed: 0, added: [], updated: [], tokens: { input: 0, output: 0 }, diagnostics: 0, indexDropped: [], submitted: 0, waiting: 0, error: message };
}

/** The most requests one batch is sent with (the API takes 100,000 or 256 MB; this stays well inside). */
const REQUESTS_PER_BATCH = 2_000;

/**
 * Sends this round's requests, then writes each batch to the ledgers of the memory directories
 * it serves. Should the process die between the two, those runs count as never sent and run
 * again (the orphaned batch costs, but changes nothing).
 */
async function submitOutbox(batch: BatchRound, now: () => Date): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < batch.outbox.length; i += REQUESTS_PER_BATCH) {
    const chunk = batch.outbox.slice(i, i + REQUESTS_PER_BATCH);
    const { batchId } = await batch.port.submit(chunk);
    ids.push(batchId);
    const byDir = new Map<string, string[]>();
    for (const item of chunk) byDir.set(item.memoryDir, [...(byDir.get(item.memoryDir) ?? []), item.customId]);
    for (const [memoryDir, customIds] of byDir) await recordSubmittedBatch(memoryDir, batchId, customIds, now().toISOString());
  }
  return ids;
}
