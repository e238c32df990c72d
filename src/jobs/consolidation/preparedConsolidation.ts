import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import type { ProjectSession } from './consolidationGates.js';
import type { ProjectInstructions } from './projectInstructions.js';

/** What a planner (the lexical one or the agent) works from: the directory, its project, what is new. */
export interface ConsolidationContext {
  readonly memoryDir: string;
  readonly sessionsDir: string;
  readonly candidates: readonly MemoryCandidate[];
  readonly instructions: ProjectInstructions;
  /** Whether a file of the directory, by name, is one of the instruction files (a CLAUDE.md kept inside it). */
  readonly isInstructionFile: (filename: string) => boolean;
  /** The project's sessions since the last consolidation. */
  readonly sessions: readonly ProjectSession[];
  /** When the directory was last consolidated, or null when never. */
  readonly since: Date | null;
  readonly now: Date;
}

/**
 * A plan ready to commit: its files are in a staged copy beside the directory, `writes` to be
 * moved in (the index last) and `removes` to be deleted, once the plan is recorded.
 */
export interface PreparedConsolidation {
  readonly plan: ConsolidationPlan;
  /** `.md` files memlog cannot read as memories: left as they are. */
  readonly unreadable: readonly string[];
  readonly writes: readonly string[];
  readonly removes: readonly string[];
  /** What the agent said and spent (the model-driven planner only). */
  readonly agent?: AgentSummary;
}

export interface AgentSummary {
  readonly model: string;
  readonly turns: number;
  readonly tokens: { readonly input: number; readonly output: number };
  /** The agent's own words on what it did, or null when it made no report. */
  readonly summary: string | null;
  /** Deletions undone because the agent's report gave no reason for them. */
  readonly restored: readonly string[];
  /** Tool calls the gate refused. */
  readonly denied: number;
}
