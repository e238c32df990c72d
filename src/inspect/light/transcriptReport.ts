/** One transcript file summarised; the shape `memlog inspect --json` prints, one per line. */
export interface TranscriptReport {
  readonly file: string;
  readonly sessionId: string | null;
  /** Set for a subagent file `agent-<id>.jsonl`. */
  readonly agentId: string | null;
  readonly lines: number;
  readonly entries: number;
  /** Entries by their `type` as written (unknown kinds under their own name). */
  readonly byKind: Record<string, number>;
  readonly diagnostics: Array<{ code: string; line: number; offset: number; message: string }>;
  readonly leaf: string | null;
  /** Uuids of the resumed main conversation, root first. */
  readonly chain: string[];
  /** True when parentUuid links loop; the chain then stops where the loop was met. */
  readonly cycle: boolean;
  /** Messages the API would receive after a resume. */
  readonly apiMessages: number;
  readonly sidechains: Array<{ agentId: string | null; file: string | null; entries: number }>;
  readonly compactBoundaries: Array<{
    uuid: string;
    line: number;
    trigger: string | null;
    preTokens: number | null;
    preservedSegment: boolean;
  }>;
  /** API usage, each message counted once (its last piece), summed over the file. */
  readonly usage: { input: number; output: number; cacheCreation: number; cacheRead: number; messages: number };
  readonly title: string | null;
}
