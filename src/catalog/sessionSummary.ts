import type { BoundaryFact } from './lineFacts.js';

/** Token sums over messages, each message counted once with its last piece's usage. */
export interface UsageSums {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
  messages: number;
}

/** What the catalog knows of one transcript file without reading it again (decision 81). */
export interface SessionSummary {
  readonly sessionId: string | null;
  readonly lines: number;
  readonly entries: number;
  readonly byKind: Record<string, number>;
  readonly diagnostics: Array<{ code: string; line: number; offset: number; message: string }>;
  readonly leaf: string | null;
  readonly chain: string[];
  readonly cycle: boolean;
  readonly apiMessages: number;
  /** Inline sidechain entries (1.0.x) by agent id, null for none, in the order first met. */
  readonly inlineSidechains: Array<{ agentId: string | null; entries: number }>;
  readonly compactBoundaries: BoundaryFact[];
  readonly usage: UsageSums;
  /** The same usage split by model (a message without one under ''). */
  readonly usageByModel: Record<string, UsageSums>;
  /** The same usage by UTC day of its message ('' for a message without a time), then by model. */
  readonly usageByDay: Record<string, Record<string, UsageSums>>;
  readonly title: string | null;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly cwd: string | null;
}
