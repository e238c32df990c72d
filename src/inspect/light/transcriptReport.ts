import type { TranscriptTallies } from '../../catalog/index.js';

/** One transcript file summarised; the shape `memlog inspect --json` prints, one per line. */
export interface TranscriptReport extends TranscriptTallies {
  readonly file: string;
  /** Set for a subagent file `agent-<id>.jsonl`. */
  readonly agentId: string | null;
  readonly sidechains: Array<{ agentId: string | null; file: string | null; entries: number }>;
}
