import type { Entry } from '../transcript/entrySchema.js';

/** One assistant piece's API usage, under the message id its pieces share. */
export interface UsageFact {
  readonly id: string;
  readonly model: string | null;
  readonly input: number;
  readonly output: number;
  readonly cacheCreation: number;
  readonly cacheRead: number;
  /** The entry's requestId: with the message id, what names one API response across files (decision 109). */
  readonly requestId: string | null;
}

/** A compact boundary as `memlog inspect` lists it. */
export interface BoundaryFact {
  readonly uuid: string;
  readonly line: number;
  readonly trigger: string | null;
  readonly preTokens: number | null;
  readonly preservedSegment: boolean;
}

/** What the catalog counts from one entry besides its light form: the tallies of `memlog inspect` and of the usage report. */
export interface LineFacts {
  /** The entry's `type` as written (unknown kinds under their own name). */
  readonly kind: string;
  readonly sessionId?: string;
  /** Set for an inline sidechain entry: its agent id, or '' when it has none. */
  readonly sidechain?: string;
  readonly boundary?: BoundaryFact;
  readonly usage?: UsageFact;
  readonly timestamp?: string;
  readonly cwd?: string;
}

/** The facts of one entry read at `line`; the same whether the entry came from a full or a fast parse. */
export function factsOf(entry: Entry, line: number): LineFacts {
  if (entry.type === 'unknown') return { kind: unknownKind(entry.raw['type']) };
  const fields = entry as { sessionId?: unknown; isSidechain?: unknown; agentId?: unknown; timestamp?: unknown; cwd?: unknown };
  const facts: { -readonly [K in keyof LineFacts]: LineFacts[K] } = { kind: entry.type };
  if (typeof fields.sessionId === 'string') facts.sessionId = fields.sessionId;
  if (fields.isSidechain === true) facts.sidechain = typeof fields.agentId === 'string' ? fields.agentId : '';
  if (typeof fields.timestamp === 'string') facts.timestamp = fields.timestamp;
  if (typeof fields.cwd === 'string') facts.cwd = fields.cwd;
  if (entry.type === 'system' && entry.subtype === 'compact_boundary') {
    const meta = entry.compactMetadata;
    facts.boundary = {
      uuid: entry.uuid,
      line,
      trigger: meta?.trigger ?? null,
      preTokens: meta?.preTokens ?? null,
      preservedSegment: meta?.preservedSegment !== undefined,
    };
  }
  const usage = entry.type === 'assistant' ? entry.message.usage : undefined;
  if (entry.type === 'assistant' && usage) {
    facts.usage = {
      id: entry.message.id ?? `line:${line}`,
      model: entry.message.model ?? null,
      input: usage.input_tokens,
      output: usage.output_tokens,
      cacheCreation: usage.cache_creation_input_tokens ?? 0,
      cacheRead: usage.cache_read_input_tokens ?? 0,
      requestId: entry.requestId ?? null,
    };
  }
  return facts;
}

function unknownKind(type: unknown): string {
  return typeof type === 'string' ? type : '(no type)';
}
