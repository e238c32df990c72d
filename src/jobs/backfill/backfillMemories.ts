import { MemlogError } from '../../errors.js';
import { describeFailure, isEnvironmentFault, RunInterruptedError } from '../../fs/fsError.js';
import { LockHeldError } from '../../fs/processLock.js';
import type { Env } from '../../memory/durable/memoryPaths.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { MessageBatchesPort } from '../../model/messageBatches.js';
import type { ModelPort } from '../../model/port.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ConsolidationAgent } from '../consolidation/agentConsolidation.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import {
  findTargets,
  foundUnderRoot,
  leftForNextRun,
  type FoundUnderRoot,
  type ExtractTarget,
  type SessionStarts,
} from '../extraction/findTargets.js';
import { readBatchLedger } from '../extraction/messageBatchLedger.js';
import type { BatchRound } from '../extraction/messageBatchRound.js';
import { forEachProject } from '../extraction/projectRound.js';
import { consolidateCandidates } from './consolidateCandidates.js';
import { DEFAULT_CHUNK_TOKENS } from './chunkTokens.js';
import { sessionCandidates, type SessionCandidatesReport } from './sessionCandidates.js';
import { sessionCandidatesBatch } from './sessionCandidatesBatch.js';

export interface BackfillOptions {
  /** A projects folder (every project in it) or one project folder. */
  readonly root: string;
  /** memlog's output folder; ignored with `intoClaude`. */
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly env?: Env;
  /** Sessions' first times and working directories known without reading them (the session catalog's). */
  readonly starts?: SessionStarts;
  readonly model: ModelPort;
  /**
   * Send phase 1's chunks through a Message Batches API instead of `model`: one chunk per
   * session a round; each run collects the batches that have ended and sends the next chunks.
   * A project's phase 2 waits until none of its sessions has a chunk out or due.
   */
  readonly batches?: MessageBatchesPort;
  /** The largest chunk of whole turns sent at once, in estimated tokens (default 60,000). */
  readonly chunkTokens?: number;
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  /** The clock of consolidation and of the batch ledger's submission times. */
  readonly now?: () => Date;
  /** The frontmatter of the topic files phase 2 creates (default metadata). */
  readonly frontmatter?: FrontmatterForm;
  /**
   * Phase 2 as the consolidation agent on this model (a staged copy, gated tools, the
   * candidates in its first message); none: the lexical planner, deterministic and free.
   */
  readonly consolidationAgent?: ConsolidationAgent;
  /** Phase 2's merge goes to the review inbox instead of the memory directory (decision 80). */
  readonly review?: boolean;
  /** Told once, before the first session, how many sessions there are. */
  readonly onStart?: (sessions: number) => void;
  readonly onSession?: (report: SessionCandidatesReport) => void;
}

export interface BackfillProjectReport {
  readonly projectDir: string;
  readonly memoryDir: string;
  readonly memories: number;
  /** Chunks and candidates this run's consolidation merged; with the agent, what its model calls cost; a failure, why. */
  readonly consolidated: {
    readonly chunks: number;
    readonly candidates: number;
    readonly changes: number;
    readonly status: string;
    readonly tokens?: { readonly input: number; readonly output: number };
    readonly error?: string;
  };
}

export interface BackfillReport {
  readonly mode: 'two-phase';
  readonly projects: readonly BackfillProjectReport[];
  readonly sessions: readonly SessionCandidatesReport[];
  /** What the run found under the root, the projects another extract held (left for the next run) included. */
  readonly found: FoundUnderRoot;
  /** Sessions found that this run left for the next: a held project's. */
  readonly left: number;
  /** Sessions that sent at least one chunk. */
  readonly processed: number;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly sessionTokens: number;
  readonly failedRuns: number;
  readonly failedSessions: number;
  /** Projects whose second phase failed (a consolidation agent's model): their candidates wait for the next run. */
  readonly failedProjects: number;
  /** With `batches`: what this round sent, and the chunks still out in earlier batches. */
  readonly batch?: { readonly batchIds: readonly string[]; readonly submitted: number; readonly waiting: number };
}

/**
 * `memlog extract --two-phase`: for each project, its sessions' first phase in time order (each
 * session read once, chunk by chunk, candidates recorded), then its second phase (the new
 * candidates consolidated into the memory directory). Projects side by side up to
 * `concurrency`, one writer per memory directory as for per-turn extraction. With `batches`,
 * phase 1 goes one chunk per session a round (sessionCandidatesBatch.ts), the round's chunks in
 * one batch sent at the end, and phase 2 waits for a project's last chunk to come back.
 */
export async function backfillMemories(options: BackfillOptions): Promise<BackfillReport> {
  const targets = findTargets(options.root, options.out, options.intoClaude === true, { env: options.env, starts: options.starts });
  const sessions: SessionCandidatesReport[] = [];
  const projects: BackfillProjectReport[] = [];
  options.onStart?.(targets.reduce((n, t) => n + t.sessions.length, 0));
  const batch: BatchRound | null = options.batches === undefined ? null : { port: options.batches, outbox: [], statuses: new Map() };
  let waiting = 0;
  // A project whose lock a full disk refused (its first session failed) or another extract holds (held): the rest wait for the next run.
  const lockRefused = (target: ExtractTarget, error: unknown): void => {
    const session = target.sessions[0];
    if (session === undefined) return;
    const report = unreadable(target, session, error, options.signal);
    sessions.push(report);
    options.onSession?.(report);
  };
  const round = { concurrency: options.concurrency, batch, now: options.now, lockRefused };
  const batchIds = await forEachProject(targets, round, async (target) => {
    const round = batch === null ? null : { batch, ledger: readBatchLedger(target.memoryDir) };
    let outstanding = 0;
    for (const session of target.sessions) {
      const report = await (
        round === null
          ? sessionCandidates(target, session, {
              model: options.model,
              ...(options.chunkTokens === undefined ? {} : { chunkTokens: options.chunkTokens }),
              ...(options.signal === undefined ? {} : { signal: options.signal }),
            })
          : sessionCandidatesBatch(
              target,
              session,
              { chunkTokens: options.chunkTokens ?? DEFAULT_CHUNK_TOKENS },
              round.batch,
              round.ledger,
            ).then((r) => {
              outstanding += r.submitted + r.waiting;
              waiting += r.waiting;
              return r;
            })
      ).catch((error: unknown) => unreadable(target, session, error, options.signal));
      sessions.push(report);
      options.onSession?.(report);
    }
    if (outstanding > 0) {
      // Phase 2 merges a project's sessions whole: it waits for the chunks still out or due.
      projects.push(await projectReport(target, { chunks: 0, candidates: 0, changes: 0, status: 'waiting' }));
      return;
    }
    // Phase 2 runs on whatever phase 1 recorded, even when a session failed part-way: its
    // recorded chunks are as good as any, and the rest are consolidated by the next run.
    projects.push(await projectReport(target, await phaseTwo(target, options)));
  });
  sessions.sort((a, b) => (a.session < b.session ? -1 : 1));
  projects.sort((a, b) => (a.projectDir < b.projectDir ? -1 : 1));
  const found = foundUnderRoot(targets);
  return {
    mode: 'two-phase',
    projects,
    sessions,
    found,
    left: leftForNextRun(found, sessions),
    processed: sessions.filter((s) => s.chunks > 0).length,
    tokens: { input: sessions.reduce((n, s) => n + s.tokens.input, 0), output: sessions.reduce((n, s) => n + s.tokens.output, 0) },
    sessionTokens: sessions.reduce((n, s) => n + s.sessionTokens, 0),
    failedRuns: sessions.reduce((n, s) => n + s.failed, 0),
    failedSessions: sessions.filter((s) => s.error !== undefined && s.failed === 0 && s.heldBy === undefined).length,
    failedProjects: projects.filter((p) => p.consolidated.status === 'failed').length,
    ...(batch === null ? {} : { batch: { batchIds, submitted: batch.outbox.length, waiting } }),
  };
}

/**
 * A project's second phase, as its report says it. A consolidation agent's model that fails (or
 * does not finish), or a full or failing disk, fails this project only: nothing of it was
 * applied (or what was committed is finished by the next run), its candidates stay unconsumed
 * for the next run, and the other projects go on.
 */
async function phaseTwo(target: ExtractTarget, options: BackfillOptions): Promise<BackfillProjectReport['consolidated']> {
  try {
    const merged = await consolidateCandidates(target, {
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
      ...(options.consolidationAgent === undefined ? {} : { agent: options.consolidationAgent }),
      ...(options.review === true ? { review: true } : {}),
    });
    const agent = merged.result !== null && merged.result.status !== 'skipped' ? merged.result.agent : undefined;
    return {
      chunks: merged.chunks,
      candidates: merged.candidates,
      changes: merged.result !== null && 'plan' in merged.result ? merged.result.plan.changes.length : 0,
      status: merged.result === null ? 'nothing new' : merged.result.status,
      ...(agent === undefined ? {} : { tokens: agent.tokens }),
    };
  } catch (error) {
    const ours =
      (error instanceof MemlogError && error.code === 'model') || isEnvironmentFault(error) || error instanceof RunInterruptedError;
    if (options.signal?.aborted === true || !ours) throw error;
    return { chunks: 0, candidates: 0, changes: 0, status: 'failed', error: describeFailure(error) ?? String(error) };
  }
}

async function projectReport(target: ExtractTarget, consolidated: BackfillProjectReport['consolidated']): Promise<BackfillProjectReport> {
  return {
    projectDir: target.projectDir,
    memoryDir: target.memoryDir,
    memories: (await scanMemoryFiles(target.memoryDir)).length,
    consolidated,
  };
}

/** A session that could not be read: reported, and the project goes on. Anything else stops the run. */
function unreadable(target: ExtractTarget, session: string, error: unknown, signal: AbortSignal | undefined): SessionCandidatesReport {
  const message = error instanceof SessionUnreadableError ? error.message : describeFailure(error);
  if (message === undefined || signal?.aborted === true) throw error;
  return {
    project: target.projectDir,
    session,
    chunks: 0,
    recordedBefore: 0,
    candidates: 0,
    refused: 0,
    alreadySaved: 0,
    tokens: { input: 0, output: 0 },
    sessionTokens: 0,
    unreadLines: 0,
    failed: 0,
    error: message,
    ...(error instanceof LockHeldError ? { heldBy: error.owner } : {}),
  };
}
