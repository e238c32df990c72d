import { describeFailure } from '../fs/index.js';
import {
  consolidationLogPath,
  findTargets,
  pendingBackfill,
  pendingExtraction,
  unconsumedCandidates,
  type ExtractTarget,
  type SessionStarts,
  type SkippedTranscript,
} from '../jobs/index.js';
import type { ReplaySettings } from '../pipeline/index.js';
import { thousands } from './extractReport.js';
import { unreadableList } from './unreadableJson.js';

interface PlanOptions {
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly json?: boolean;
  readonly chunkTokens?: number;
  /** The paths the walk could not read, named on stderr already. */
  readonly unreadable?: readonly SkippedTranscript[];
}

/** A session that cannot be read says why in the plan, and the plan goes on. */
function orUnreadable<T>(plan: () => T, unreadable: (error: string) => T): T {
  try {
    return plan();
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    return unreadable(message);
  }
}

/**
 * The plan as text, or as JSON: `{ projects, unreadable }` always, so the JSON carries what stderr
 * names in one shape whatever the tree holds (decision 115; it was a bare array when every path could be read).
 */
const write = (options: PlanOptions, plan: readonly unknown[], text: () => string): void => {
  const json = (): string => `${JSON.stringify({ projects: plan, unreadable: unreadableList(options.unreadable ?? []) }, null, 2)}\n`;
  process.stdout.write(options.json === true ? json() : text());
};

interface PlannedChunks {
  readonly session: string;
  readonly chunks: number;
  readonly messages: number;
  readonly estimatedTokens: number;
  readonly sessionTokens: number;
  readonly inBatch: number;
  readonly error?: string;
}

/** `memlog extract --dry-run`: per session, the chunks the first phase would send; per project, the candidates waiting to be consolidated. */
export function printBackfillPlan(root: string, options: PlanOptions, starts?: SessionStarts): void {
  const plan = findTargets(root, options.out, options.intoClaude === true, { planOnly: true, starts }).map((target: ExtractTarget) => {
    const sessions = target.sessions.map((session): PlannedChunks =>
      orUnreadable(
        () => ({ session, ...pendingBackfill(target, session, options.chunkTokens) }),
        (error) => ({ session, chunks: 0, messages: 0, estimatedTokens: 0, sessionTokens: 0, inBatch: 0, error }),
      ),
    );
    const waiting = orUnreadable(
      () => unconsumedCandidates(target.sessions, target.effectLog, consolidationLogPath(target.memoryDir)),
      () => ({ keys: [], candidates: [] }),
    );
    return {
      project: target.projectDir,
      memoryDir: target.memoryDir,
      sessions,
      recordedNotConsolidated: { chunks: waiting.keys.length, candidates: waiting.candidates.length },
    };
  });
  write(options, plan, () => {
    const lines: string[] = [];
    let chunks = 0;
    let tokens = 0;
    let own = 0;
    for (const project of plan) {
      lines.push(`${project.project} → ${project.memoryDir}`);
      for (const s of project.sessions) {
        chunks += s.chunks;
        tokens += s.estimatedTokens;
        own += s.sessionTokens;
        lines.push(
          `  ${s.session}: ${s.error !== undefined ? `cannot be read (${s.error})` : s.chunks === 0 ? 'nothing new' : `${s.chunks} chunk(s) over ${s.messages} message(s), about ${thousands(s.estimatedTokens)} model input tokens`}${s.inBatch === 0 ? '' : ` (a chunk is out in a message batch: the next memlog extract --batch collects it)`}`,
        );
      }
      const { chunks: recorded, candidates } = project.recordedNotConsolidated;
      if (recorded > 0) lines.push(`  already read, not yet consolidated: ${candidates} candidate(s) from ${recorded} chunk(s)`);
    }
    lines.push(
      `${chunks} chunk(s) in all, about ${thousands(tokens)} model input tokens for ${thousands(own)} tokens of sessions (with a real model; the offline model costs nothing); then each project's candidates consolidated`,
    );
    return `${lines.join('\n')}\n`;
  });
}

interface PlannedRuns {
  readonly session: string;
  readonly runs: number;
  readonly messages: number;
  readonly estimatedTokens: number;
  readonly error?: string;
}

/** `memlog extract --per-turn --dry-run`: per session, the extraction runs it still owes. */
export function printPerTurnPlan(root: string, options: PlanOptions, settings: ReplaySettings, starts?: SessionStarts): void {
  const plan = findTargets(root, options.out, options.intoClaude === true, { planOnly: true, starts }).map((target) => ({
    project: target.projectDir,
    memoryDir: target.memoryDir,
    sessions: target.sessions.map((session): PlannedRuns =>
      orUnreadable(
        () => ({ session, ...pendingExtraction(session, target.effectLog(session), settings) }),
        (error) => ({ session, runs: 0, messages: 0, estimatedTokens: 0, error }),
      ),
    ),
  }));
  write(options, plan, () => {
    const lines: string[] = [];
    let runs = 0;
    let tokens = 0;
    for (const project of plan) {
      lines.push(`${project.project} → ${project.memoryDir}`);
      for (const s of project.sessions) {
        runs += s.runs;
        tokens += s.estimatedTokens;
        lines.push(
          `  ${s.session}: ${s.error !== undefined ? `cannot be read (${s.error})` : s.runs === 0 ? 'nothing new' : `${s.runs} extraction run(s) over ${s.messages} new message(s), about ${thousands(s.estimatedTokens)} model input tokens`}`,
        );
      }
    }
    lines.push(`${runs} run(s) in all, about ${thousands(tokens)} model input tokens (with a real model; the offline model costs nothing)`);
    return `${lines.join('\n')}\n`;
  });
}
