import { describeFailure } from '../../fs/fsError.js';
import { removeBlobLeftovers } from '../records/blobStore.js';
import { removeStagedLeftovers } from '../../fs/stagedDir.js';
import { LockHeldError } from '../../fs/processLock.js';
import type { MessageBatchesPort } from '../../model/messageBatches.js';
import type { Env } from '../../memory/durable/memoryPaths.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { CountsByType } from './sessionTally.js';
import { extractSession, SessionUnreadableError, type SessionExtractOptions, type SessionReport } from './extractSession.js';
import { findTargets, foundUnderRoot, leftForNextRun, type FoundUnderRoot, type ExtractTarget, type SessionStarts } from './findTargets.js';
import type { BatchRound } from './messageBatchRound.js';
import { forEachProject } from './projectRound.js';

/** What `extractMemories` is given; the options each session's extraction uses (model, settings, frontmatter, signal) are declared in SessionExtractOptions. */
export interface ExtractOptions extends SessionExtractOptions {
  /** A projects folder (every project in it) or one project folder. */
  readonly root: string;
  /** memlog's own output folder (memory and effect logs per project); ignored with `intoClaude`. */
  readonly out: string;
  /** Write where Claude Code reads: `<project>/memory/`, effect logs beside the transcripts. */
  readonly intoClaude?: boolean;
  readonly concurrency?: number;
  /** For `intoClaude`: where Claude Code's config lives (CLAUDE_CONFIG_DIR). */
  readonly env?: Env;
  /** Sessions' first times and working directories known without reading them (the session catalog's). */
  readonly starts?: SessionStarts;
  readonly onSession?: (event: SessionEvent) => void;
  /**
   * Send extraction requests through a Message Batches API instead of `model`: results of
   * batches that have ended are collected and applied, and what is due next goes out in a new
   * batch, collected by a later run.
   */
  readonly batches?: MessageBatchesPort;
  /** The clock for the batch ledger (submission times only; never in memory files). */
  readonly now?: () => Date;
}

export type SessionEvent =
  | { readonly type: 'start'; readonly session: string; readonly total: number }
  | { readonly type: 'done'; readonly session: string; readonly report: SessionReport };

export interface ExtractReport {
  readonly projects: ReadonlyArray<{ readonly projectDir: string; readonly memoryDir: string; readonly memories: number }>;
  readonly sessions: readonly SessionReport[];
  /** What the run found under the root, the projects another extract held (left for the next run) included. */
  readonly found: FoundUnderRoot;
  /** Sessions found that this run left for the next: a held project's, and those after a session that stopped its project. */
  readonly left: number;
  /** Sessions that had something new and ran extraction. */
  readonly processed: number;
  readonly added: Readonly<Record<string, number>>;
  readonly updated: Readonly<Record<string, number>>;
  /** Memory files this run did not touch. */
  readonly unchanged: number;
  readonly tokens: { readonly input: number; readonly output: number };
  /** Extraction runs the gates skipped, by gate, and the model input they would have sent (estimated). */
  readonly skipped: Readonly<Record<string, number>>;
  readonly tokensSaved: number;
  readonly firstLooks: Readonly<Record<'yes' | 'no' | 'none', number>>;
  readonly failedRuns: number;
  /** Sessions that could not be worked on at all (each has an `error`); a held project's are `left`, not failed. */
  readonly failedSessions: number;
  /** With `batches`: what this round sent, and what is still out. */
  readonly batch?: { readonly batchIds: readonly string[]; readonly submitted: number; readonly waiting: number };
}

/**
 * Batch extraction over old transcripts (`memlog extract`): each project's sessions in time
 * order, projects side by side up to `concurrency`. Resumable: each session's effect log keeps
 * its cursor, so a rerun only does what is new, and a run killed at any point and started again
 * ends with the same files as one that was never stopped.
 */
export async function extractMemories(options: ExtractOptions): Promise<ExtractReport> {
  const targets = findTargets(options.root, options.out, options.intoClaude === true, { env: options.env, starts: options.starts });
  const total = targets.reduce((n, t) => n + t.sessions.length, 0);
  const sessions: SessionReport[] = [];
  const batch: BatchRound | null = options.batches === undefined ? null : { port: options.batches, outbox: [], statuses: new Map() };
  const perSession = sessionOptions(options);
  const done = (session: string, report: SessionReport): void => {
    sessions.push(report);
    options.onSession?.({ type: 'done', session, report });
  };
  // A project whose lock a full disk refused (its first session failed) or another extract holds (held): the later sessions wait for the next run.
  const lockRefused = (target: ExtractTarget, error: unknown): void => {
    const session = target.sessions[0];
    if (session !== undefined) done(session, failedSession(target, session, error, options.signal));
  };
  const round = { concurrency: options.concurrency, batch, now: options.now, lockRefused };
  const batchIds = await forEachProject(targets, round, async (target) => {
    let stopped: unknown;
    for (const session of target.sessions) {
      options.onSession?.({ type: 'start', session, total });
      const report = await extractSession(target, session, perSession, batch).catch((error: unknown) => {
        // A session that could not be read wrote nothing: the next one goes on. Any other
        // failure may have left this memory directory part-way (a run the machine stopped, a
        // result not yet in place): its later sessions would run on the wrong state, so they
        // wait for the next extract, which finishes that first.
        if (!(error instanceof SessionUnreadableError)) stopped = error;
        return failedSession(target, session, error, options.signal);
      });
      done(session, report);
      if (stopped !== undefined) break;
    }
    // Every session's finished runs are applied by now: any run copy left is a dead run's.
    if (stopped === undefined) {
      await removeStagedLeftovers(target.memoryDir);
      await removeBlobLeftovers(target.memoryDir);
    }
  });
  sessions.sort((a, b) => (a.session < b.session ? -1 : 1));
  return extractReport(targets, sessions, batch === null ? null : { batchIds, submitted: batch.outbox.length });
}

/** What each session's extraction is given: the model and how its runs go, not the whole of the options. */
function sessionOptions(options: ExtractOptions): SessionExtractOptions {
  return {
    model: options.model,
    ...(options.firstLook === undefined ? {} : { firstLook: options.firstLook }),
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

/** The sessions' reports added up, with each project's memory count now. */
async function extractReport(
  targets: readonly ExtractTarget[],
  sessions: readonly SessionReport[],
  batch: { readonly batchIds: readonly string[]; readonly submitted: number } | null,
): Promise<ExtractReport> {
  const touched = new Set(sessions.flatMap((s) => s.touched.map((file) => `${s.project}\u0000${file}`)));
  const projects = await Promise.all(
    targets.map(async (t) => ({ projectDir: t.projectDir, memoryDir: t.memoryDir, memories: (await scanMemoryFiles(t.memoryDir)).length })),
  );
  const allFiles = await Promise.all(
    targets.map(async (t) => (await scanMemoryFiles(t.memoryDir)).map((h) => `${t.projectDir}\u0000${h.filename}`)),
  );
  const sum = (count: (s: SessionReport) => number): number => sessions.reduce((n, s) => n + count(s), 0);
  const found = foundUnderRoot(targets);
  return {
    projects,
    sessions: [...sessions],
    found,
    left: leftForNextRun(found, sessions),
    processed: sessions.filter((s) => s.runs > 0).length,
    added: summed(sessions.map((s) => s.added)),
    updated: summed(sessions.map((s) => s.updated)),
    unchanged: allFiles.flat().filter((f) => !touched.has(f)).length,
    tokens: { input: sum((s) => s.tokens.input), output: sum((s) => s.tokens.output) },
    skipped: summed(sessions.map((s) => s.skipped)),
    tokensSaved: sum((s) => s.tokensSaved),
    firstLooks: { yes: sum((s) => s.firstLooks.yes), no: sum((s) => s.firstLooks.no), none: sum((s) => s.firstLooks.none) },
    failedRuns: sum((s) => s.failed),
    failedSessions: sessions.filter((s) => s.error !== undefined && s.heldBy === undefined).length,
    ...(batch === null ? {} : { batch: { batchIds: [...batch.batchIds], submitted: batch.submitted, waiting: sum((s) => s.waiting) } }),
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
  return {
    project: target.projectDir,
    session,
    runs: 0,
    failed: 0,
    added: {},
    updated: {},
    touched: [],
    tokens: { input: 0, output: 0 },
    diagnostics: 0,
    indexDropped: [],
    submitted: 0,
    waiting: 0,
    skipped: {},
    tokensSaved: 0,
    firstLooks: { yes: 0, no: 0, none: 0 },
    error: message,
    ...(error instanceof LockHeldError ? { heldBy: error.owner } : {}),
  };
}

/** Counts by type added up across sessions. */
function summed(counts: readonly CountsByType[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const byType of counts) for (const [type, n] of Object.entries(byType)) sum[type] = (sum[type] ?? 0) + n;
  return sum;
}
