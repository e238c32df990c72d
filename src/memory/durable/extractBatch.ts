import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../../errors.js';
import type { ModelPort } from '../../model/port.js';
import { effectLogPath, readEffectLog, withoutInterrupted } from '../../pipeline/effectLog.js';
import { recoverInterrupted, retryFailed, retryRecords, runPaced } from '../../pipeline/pacedRuns.js';
import type { ReplaySettings } from '../../pipeline/replay.js';
import { replaySync } from '../../pipeline/replay.js';
import type { ExtractionDue } from '../../projections/decisions.js';
import { isPrompt } from '../../projections/turns.js';
import { liveConversation } from '../../resume/loadConversation.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { applyStaged, ExtractionOutcome, extractionStagingDir, removeStrayTempFiles, runExtraction } from './extractionRun.js';
import { autoMemoryDir, type Env } from './memoryPaths.js';
import { scanMemoryFiles } from './memoryScan.js';
import type { FrontmatterForm } from './topicFile.js';

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
}

const isSession = (name: string): boolean => name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') && (isSessionFileName(name) || !name.startsWith('agent-'));

function firstTimestamp(path: string): string {
  for (const item of readTranscriptSync(path)) {
    if (item.kind === 'entry') {
      const time = (item.entry as { timestamp?: unknown }).timestamp;
      if (typeof time === 'string') return time;
    }
  }
  return '';
}

/** Folders holding session transcripts: the root itself, or any folder below it (not a session's own folder, `subagents` or `memory`). */
function projectFolders(root: string, depth = 0): string[] {
  const names = readdirSync(root);
  if (names.some(isSession)) return [root];
  if (depth >= 4) return [];
  return names
    .filter((name) => name !== 'subagents' && name !== 'memory' && !name.startsWith('.'))
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isDirectory())
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
      .map((path) => ({ path, time: firstTimestamp(path) }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.path < b.path ? -1 : 1))
      .map((s) => s.path);
    // Named by their path under the root, so nested folders with the same last name stay apart.
    const name = relative(root, projectDir).split(sep).join('__') || basename(projectDir);
    return intoClaude
      ? { projectDir, sessions, memoryDir: claudeMemoryDir(projectDir, sessions, env), effectLog: (session: string) => effectLogPath(session) }
      : { projectDir, sessions, memoryDir: join(out, name, 'memory'), effectLog: (session: string) => join(out, name, 'effects', basename(effectLogPath(session))) };
  });
}

/**
 * Where Claude Code reads this project's memory: the directory of the canonical git root of the
 * sessions' working directory (worktrees and subfolders share it), when that directory is on
 * this machine; otherwise the project folder's own `memory/`.
 */
function claudeMemoryDir(projectDir: string, sessions: readonly string[], env: Env): string {
  for (const session of sessions) {
    for (const item of readTranscriptSync(session)) {
      const cwd = item.kind === 'entry' ? (item.entry as { cwd?: unknown }).cwd : undefined;
      if (typeof cwd !== 'string') continue;
      return existsSync(cwd) ? autoMemoryDir({ projectRoot: cwd, env }) : join(projectDir, 'memory');
    }
  }
  return join(projectDir, 'memory');
}

/**
 * One extraction at a time per memory directory, across processes: a lock file beside it holding
 * the owner's pid. A lock whose process is gone is taken over.
 */
function lockMemoryDir(memoryDir: string): () => void {
  const lock = join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-extract.lock`);
  mkdirSync(dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lock, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) throw new MemlogError('io', `another memlog extract (pid ${owner}) is working on ${memoryDir}; wait for it, or remove ${lock} if it is gone`);
      rmSync(lock, { force: true });
    }
  }
  throw new MemlogError('io', `could not lock ${memoryDir}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
async function extractSession(target: ExtractTarget, session: string, options: ExtractOptions): Promise<SessionReport> {
  const { entries, diagnostics } = readLogEntries(session);
  const logPath = target.effectLog(session);
  const log = readEffectLog(logPath);
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
  const interrupted = await recoverInterrupted(log.records, 'extraction', logPath, (runId) => rm(stagingOf(runId), { recursive: true, force: true }));
  // The newest run failed last time: it runs again now, at the same place.
  const retried = retryFailed([...log.records, ...interrupted], 'extraction', logPath);
  const timeOf = new Map(entries.map((e) => [(e.entry as { uuid?: string }).uuid, (e.entry as { timestamp?: string }).timestamp]));
  const prompts = new Set(entries.flatMap((e) => (isPrompt(e.entry) ? [(e.entry as { uuid: string }).uuid] : [])));
  const cwd = entries.map((e) => (e.entry as { cwd?: unknown }).cwd).find((c): c is string => typeof c === 'string');
  const runs = await runPaced({
    entries,
    records: [...log.records, ...interrupted, ...retried],
    logPath,
    kind: 'extraction',
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    execute: async (start, decisions, runId) => {
      const snapshot = liveConversation(entries.filter((e) => e.seq <= start.seq));
      const humanMessages = snapshot.flatMap((message, i) => (message.role === 'user' && message.sources.some((uuid) => prompts.has(uuid)) ? [i] : []));
      const cursor = (decisions[0] as ExtractionDue | undefined)?.cursor ?? null;
      const at = cursor === null ? -1 : snapshot.findIndex((m) => m.sources.includes(cursor));
      return runExtraction({
        model: options.model,
        memoryDir: target.memoryDir,
        readRoots: cwd !== undefined && existsSync(cwd) ? [cwd] : [],
        conversation: snapshot.map(({ role, content }) => ({ role, content })),
        newMessages: at === -1 ? snapshot.length : snapshot.length - at - 1,
        humanMessages,
        runId: `${sessionId}.${runId}`,
        sessionId,
        from: cursor,
        to: start.uuid,
        now: timeOf.get(start.uuid) ?? '1970-01-01T00:00:00.000Z',
        ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    },
  });
  const outcomes = runs.flatMap((run) => (run.ok ? [run.outcome as ExtractionOutcome] : []));
  const written = outcomes.flatMap((o) => o.written).filter((w) => w.file !== 'MEMORY.md');
  return {
    project: target.projectDir,
    session,
    runs: runs.length,
    failed: runs.filter((run) => !run.ok).length,
    added: written.filter((w) => w.change === 'added'),
    updated: written.filter((w) => w.change === 'updated'),
    tokens: { input: outcomes.reduce((n, o) => n + o.tokens.input, 0), output: outcomes.reduce((n, o) => n + o.tokens.output, 0) },
    diagnostics: diagnostics.length,
    indexDropped: outcomes.flatMap((o) => o.indexDropped),
  };
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
  const worker = async (): Promise<void> => {
    for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
      const release = lockMemoryDir(target.memoryDir);
      try {
        for (const session of target.sessions) {
          options.onSession?.({ type: 'start', session, total });
          const report = await extractSession(target, session, options);
          sessions.push(report);
          options.onSession?.({ type: 'done', session, report });
        }
      } finally {
        release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, targets.length)) }, worker));
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
  };
}
