import { describeFailure } from '../../fs/fsError.js';
import type { Env } from '../../memory/durable/memoryPaths.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { ModelPort } from '../../model/port.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import { lockMemoryDir } from '../extraction/extractMemories.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import { findTargets, type ExtractTarget } from '../extraction/findTargets.js';
import { consolidateCandidates } from './consolidateCandidates.js';
import { sessionCandidates, type SessionCandidatesReport } from './sessionCandidates.js';

export interface BackfillOptions {
  /** A projects folder (every project in it) or one project folder. */
  readonly root: string;
  /** memlog's output folder; ignored with `intoClaude`. */
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly env?: Env;
  readonly model: ModelPort;
  /** The largest chunk of whole turns sent at once, in estimated tokens (default 60,000). */
  readonly chunkTokens?: number;
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  readonly now?: () => Date;
  /** The frontmatter of the topic files phase 2 creates (default metadata). */
  readonly frontmatter?: FrontmatterForm;
  /** Told once, before the first session, how many sessions there are. */
  readonly onStart?: (sessions: number) => void;
  readonly onSession?: (report: SessionCandidatesReport) => void;
}

export interface BackfillProjectReport {
  readonly projectDir: string;
  readonly memoryDir: string;
  readonly memories: number;
  /** Chunks and candidates this run's consolidation merged. */
  readonly consolidated: { readonly chunks: number; readonly candidates: number; readonly changes: number; readonly status: string };
}

export interface BackfillReport {
  readonly mode: 'two-phase';
  readonly projects: readonly BackfillProjectReport[];
  readonly sessions: readonly SessionCandidatesReport[];
  /** Sessions that sent at least one chunk. */
  readonly processed: number;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly sessionTokens: number;
  readonly failedRuns: number;
  readonly failedSessions: number;
}

/**
 * `memlog extract --two-phase`: for each project, its sessions' first phase in time order (each
 * session read once, chunk by chunk, candidates recorded), then its second phase (the new
 * candidates consolidated into the memory directory). Projects side by side up to
 * `concurrency`, one writer per memory directory as for per-turn extraction.
 */
export async function backfillMemories(options: BackfillOptions): Promise<BackfillReport> {
  const targets = findTargets(options.root, options.out, options.intoClaude === true, options.env);
  const sessions: SessionCandidatesReport[] = [];
  const projects: BackfillProjectReport[] = [];
  options.onStart?.(targets.reduce((n, t) => n + t.sessions.length, 0));
  const queue = [...targets];
  const worker = async (): Promise<void> => {
    for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
      const release = lockMemoryDir(target.memoryDir);
      try {
        for (const session of target.sessions) {
          const report = await sessionCandidates(target, session, {
            model: options.model,
            ...(options.chunkTokens === undefined ? {} : { chunkTokens: options.chunkTokens }),
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          }).catch((error: unknown) => unreadable(target, session, error, options.signal));
          sessions.push(report);
          options.onSession?.(report);
        }
        // Phase 2 runs on whatever phase 1 recorded, even when a session failed part-way: its
        // recorded chunks are as good as any, and the rest are consolidated by the next run.
        const merged = await consolidateCandidates(target, {
          ...(options.now === undefined ? {} : { now: options.now }),
          ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
        });
        projects.push({
          projectDir: target.projectDir,
          memoryDir: target.memoryDir,
          memories: (await scanMemoryFiles(target.memoryDir)).length,
          consolidated: {
            chunks: merged.chunks,
            candidates: merged.candidates,
            changes: merged.result !== null && 'plan' in merged.result ? merged.result.plan.changes.length : 0,
            status: merged.result === null ? 'nothing new' : merged.result.status,
          },
        });
      } finally {
        release();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, targets.length)) }, worker));
  sessions.sort((a, b) => (a.session < b.session ? -1 : 1));
  projects.sort((a, b) => (a.projectDir < b.projectDir ? -1 : 1));
  return {
    mode: 'two-phase',
    projects,
    sessions,
    processed: sessions.filter((s) => s.chunks > 0).length,
    tokens: { input: sessions.reduce((n, s) => n + s.tokens.input, 0), output: sessions.reduce((n, s) => n + s.tokens.output, 0) },
    sessionTokens: sessions.reduce((n, s) => n + s.sessionTokens, 0),
    failedRuns: sessions.reduce((n, s) => n + s.failed, 0),
    failedSessions: sessions.filter((s) => s.error !== undefined && s.failed === 0).length,
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
    failed: 0,
    error: message,
  };
}
