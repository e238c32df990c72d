import type { BoundaryFact } from './lineFacts.js';

/** Token sums over messages, each message counted once with its last piece's usage. */
export interface UsageSums {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
  messages: number;
}

/**
 * What a transcript file holds, counted once for the catalog's summary and `memlog inspect`'s report (which is made from
 * the summary, decision 81, and may add a diagnostic of its own, as for a file Claude Code did not write).
 */
export interface TranscriptTallies {
  readonly sessionId: string | null;
  readonly lines: number;
  readonly entries: number;
  /** Entries by their `type` as written (unknown kinds under their own name). */
  readonly byKind: Record<string, number>;
  readonly diagnostics: Array<{ code: string; line: number; offset: number; message: string }>;
  /** Lines that held more than one record, written without a newline between them, each record read apart (decision 147). */
  readonly gluedLines: number;
  readonly leaf: string | null;
  /** Uuids of the resumed main conversation, root first. */
  readonly chain: string[];
  /** True when parentUuid links loop; the chain then stops where the loop was met. */
  readonly cycle: boolean;
  /** Messages the API would receive after a resume. */
  readonly apiMessages: number;
  readonly compactBoundaries: BoundaryFact[];
  /** API usage, each message counted once (its last piece), summed over the file. */
  readonly usage: UsageSums;
  readonly title: string | null;
}

/** What the catalog knows of one transcript file without reading it again (decision 81). */
export interface SessionSummary extends TranscriptTallies {
  /** Inline sidechain entries (1.0.x) by agent id, null for none, in the order first met. */
  readonly inlineSidechains: Array<{ agentId: string | null; entries: number }>;
  /** The same usage split by model (a message without one under ''). */
  readonly usageByModel: Record<string, UsageSums>;
  /** The same usage by UTC day of its message ('' for a message without a time), then by model. */
  readonly usageByDay: Record<string, Record<string, UsageSums>>;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly cwd: string | null;
}
