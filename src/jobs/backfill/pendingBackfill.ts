import { chunkRequest, requestTokens } from './chunkRequest.js';
import { DEFAULT_CHUNK_TOKENS } from './chunkTokens.js';
import { carryOver, chunkContext, readSessionView, unrecordedChunks } from './sessionChunks.js';

/** What backfill's first phase still owes one session (what `memlog extract --dry-run` lists). */
export interface PendingBackfill {
  /** Chunks to send, the messages in them, and their requests' estimated size. */
  readonly chunks: number;
  readonly messages: number;
  readonly estimatedTokens: number;
  /** The session's own size, by the same estimate. */
  readonly sessionTokens: number;
  /** A chunk out in a message batch, not answered yet (`--batch`): the next run collects it before sending more. */
  readonly inBatch: number;
}

/**
 * The chunks a session would send, and an estimate of what they cost: each request as it would
 * be built now (the carry-over can only grow by what the model finds, a few lines per chunk).
 * Reads the transcript and its effect log; writes nothing.
 */
export function pendingBackfill(
  target: { readonly effectLog: (session: string) => string },
  session: string,
  chunkTokens: number = DEFAULT_CHUNK_TOKENS,
): PendingBackfill {
  const view = readSessionView(session, target.effectLog(session));
  const known = carryOver(view);
  const walk = unrecordedChunks(view, chunkTokens);
  let chunks = 0;
  let messages = 0;
  let estimatedTokens = 0;
  for (const chunk of walk) {
    chunks++;
    messages += chunk.messages.length;
    estimatedTokens += requestTokens(chunkRequest(chunk.messages, chunkContext(view, known, chunk)));
  }
  const answered = new Set(view.recorded.map((r) => r.chunkId));
  const requested = new Set(
    view.records.flatMap((r) => (r.type === 'candidates_requested' && !answered.has(r.chunkId) ? [r.chunkId] : [])),
  );
  return { chunks, messages, estimatedTokens, sessionTokens: walk.sessionTokens(), inBatch: requested.size };
}
