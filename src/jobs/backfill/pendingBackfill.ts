import { chunkRequest, requestTokens } from './chunkRequest.js';
import { chunkContext } from './sessionCandidates.js';
import { DEFAULT_CHUNK_TOKENS, sessionChunks } from './sessionChunks.js';

/** What backfill's first phase still owes one session (what `memlog extract --dry-run` lists). */
export interface PendingBackfill {
  /** Chunks to send, the messages in them, and their requests' estimated size. */
  readonly chunks: number;
  readonly messages: number;
  readonly estimatedTokens: number;
  /** The session's own size, by the same estimate. */
  readonly sessionTokens: number;
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
  const chunks = sessionChunks(target, session, chunkTokens);
  const saved = [...chunks.savedBefore];
  let estimatedTokens = 0;
  for (const chunk of chunks.pending) {
    estimatedTokens += requestTokens(chunkRequest(chunk.messages, chunkContext(chunks, chunks.known, saved, chunk)));
    saved.push(...chunk.saved);
  }
  return {
    chunks: chunks.pending.length,
    messages: chunks.pending.reduce((n, c) => n + c.messages.length, 0),
    estimatedTokens,
    sessionTokens: chunks.sessionTokens,
  };
}
