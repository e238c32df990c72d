import type { RunKind } from '../../src/projections/decisions.js';
import type { RunOutcomeOf } from '../../src/pipeline/runOutcomes.js';

/** An outcome of each run kind that fits its schema, for tests whose runs do nothing real; `extra` rides along (the schemas keep unknown fields). */
export function sampleOutcome<K extends RunKind>(kind: K, extra: Record<string, unknown> = {}): RunOutcomeOf<K> {
  const outcomes: { readonly [P in RunKind]: RunOutcomeOf<P> } = {
    session_notes: { lastSummarizedMessageId: null, before: '', after: '', changed: [], toolCalls: 0, denied: 0, turns: 0 },
    extraction: {
      sessionId: null,
      from: null,
      to: null,
      written: [],
      indexShortened: 0,
      indexDropped: [],
      toolCalls: 0,
      denied: 0,
      turns: 0,
      tokens: { input: 0, output: 0, cacheRead: 0 },
    },
    compaction: { rung: 'notes', trigger: 'auto', cutUuid: null, tokensBefore: 0, tokensAfter: 0, boundaryUuid: 'b', kept: 0 },
  };
  return Object.assign({}, outcomes[kind], extra);
}
