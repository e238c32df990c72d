import { mkdirSync } from 'node:fs';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { candidatesConsumedRecord } from '../../pipeline/effectRecords.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ConsolidationAgent } from '../consolidation/agentConsolidation.js';
import { unconsumedCandidates } from './unconsumedCandidates.js';
import { proposeCommit } from '../review/proposeCommit.js';
import {
  consolidateMemory,
  consolidationLogPath,
  finishCommittedConsolidations,
  type ConsolidateResult,
} from '../consolidation/consolidateMemory.js';

export interface ProjectCandidates {
  /** The folder of the project's transcripts: where CLAUDE.md is found from, and what the agent may search. */
  readonly projectDir: string;
  readonly memoryDir: string;
  readonly sessions: readonly string[];
  readonly effectLog: (session: string) => string;
}

export interface CandidatesConsolidation {
  /** Chunks merged in this run, and the candidates they held. */
  readonly chunks: number;
  readonly candidates: number;
  /** What the consolidation did; null when there was nothing new to merge. */
  readonly result: ConsolidateResult | null;
}

/**
 * Backfill's second phase for one project: the candidates its sessions' chunks recorded that no
 * consolidation has merged yet are merged into the memory directory in one consolidation, which
 * ignores the 24 h / 5 session gates (a backfill consolidates what it found, now). The chunks
 * are consumed by that consolidation's commit record, which names them: a run killed after it is
 * finished by the next, never merged again (merging them again would record a second
 * consolidation that rewrites every memory they made with the bytes it already has). Chunks
 * that changed nothing, or held no candidates, are recorded as consumed afterwards; a kill in
 * between merges them again, which again changes nothing. With `agent` the merge is the
 * consolidation agent's (handed the candidates in its first message), else the lexical planner's.
 */
export async function consolidateCandidates(
  project: ProjectCandidates,
  options: {
    readonly now?: () => Date;
    readonly frontmatter?: FrontmatterForm;
    readonly agent?: ConsolidationAgent;
    /** Propose the merge for review instead of writing it: the chunks are consumed when it is accepted (decision 80). */
    readonly review?: boolean;
  } = {},
): Promise<CandidatesConsolidation> {
  const logPath = consolidationLogPath(project.memoryDir);
  await finishCommittedConsolidations(project.memoryDir, options.now?.());
  const { keys, candidates } = unconsumedCandidates(project.sessions, project.effectLog, logPath);
  if (keys.length === 0) return { chunks: 0, candidates: 0, result: null };
  let result: ConsolidateResult | null = null;
  if (candidates.length > 0) {
    mkdirSync(project.memoryDir, { recursive: true });
    result = await consolidateMemory({
      memoryDir: project.memoryDir,
      // With --out the memory directory is not beside the transcripts: say where they are.
      sessionsDir: project.projectDir,
      candidates,
      consumes: keys,
      force: true,
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.frontmatter === undefined ? {} : { frontmatter: options.frontmatter }),
      ...(options.agent === undefined ? {} : { agent: options.agent }),
      ...(options.review === true ? { review: proposeCommit, reviewSource: 'extract' } : {}),
    });
    // Another consolidation holds the directory: these candidates wait for the next backfill.
    if (result.status === 'skipped') return { chunks: 0, candidates: 0, result };
  }
  if (result?.status !== 'consolidated' && result?.status !== 'proposed') appendEffectsSync(logPath, [candidatesConsumedRecord(keys)]);
  return { chunks: keys.length, candidates: candidates.length, result };
}
