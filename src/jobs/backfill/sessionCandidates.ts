import { ModelPortError } from '../../errors.js';
import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { isSameSubject } from '../../consolidation/sameSubject.js';
import { subjectTerms } from '../../consolidation/subjectTerms.js';
import type { ModelPort } from '../../model/port.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { candidatesRecord } from '../../pipeline/effectRecords.js';
import type { SavedMemory } from './agentSavedMemories.js';
import { candidatesOf, CandidatesReplyError, chunkRequest, requestTokens, type ChunkContext } from './chunkRequest.js';
import { DEFAULT_CHUNK_TOKENS, sessionChunks, type PendingChunk, type SessionChunks } from './sessionChunks.js';

export { DEFAULT_CHUNK_TOKENS } from './sessionChunks.js';

export interface SessionCandidatesOptions {
  readonly model: ModelPort;
  readonly chunkTokens?: number;
  readonly signal?: AbortSignal;
}

/** What backfill's first phase did for one session. */
export interface SessionCandidatesReport {
  readonly project: string;
  readonly session: string;
  /** Chunks sent in this run, and chunks an earlier run had recorded already. */
  readonly chunks: number;
  readonly recordedBefore: number;
  /** Candidates found in this run, and those the model gave that were refused (no source in the chunk, or a secret). */
  readonly candidates: number;
  readonly refused: number;
  /** Candidates left out because the session's assistant had saved the same thing to memory itself. */
  readonly alreadySaved: number;
  /** Model tokens of this run's requests (the model's usage; the estimate of the request when it reports none). */
  readonly tokens: { readonly input: number; readonly output: number };
  /** The session's own size: its main-thread conversation, by the same estimate as the chunks. */
  readonly sessionTokens: number;
  /** A chunk whose request failed: the session stops there, and the next run starts again from it. */
  readonly failed: number;
  readonly error?: string;
}

/** The context a chunk is sent with: what came before it, never the conversation itself. */
export function chunkContext(
  session: SessionChunks,
  known: ChunkContext['known'],
  savedBefore: readonly SavedMemory[],
  chunk: PendingChunk,
): ChunkContext {
  return { known, ...(session.notes === undefined ? {} : { notes: session.notes }), saved: [...savedBefore, ...chunk.saved] };
}

/** Candidates the assistant already saved itself (the same subject as a memory file it wrote) are left out. */
export function withoutSaved(
  candidates: readonly MemoryCandidate[],
  saved: readonly SavedMemory[],
): { kept: MemoryCandidate[]; dropped: number } {
  if (saved.length === 0) return { kept: [...candidates], dropped: 0 };
  const savedTerms = saved.map((s) => subjectTerms(s.text));
  const kept = candidates.filter((c) => {
    const terms = subjectTerms(`${c.name} ${c.description}`);
    return !savedTerms.some((s) => isSameSubject(terms, s));
  });
  return { kept, dropped: candidates.length - kept.length };
}

/**
 * Backfill's first phase for one session: its main-thread conversation read once, cut at turn
 * ends into chunks (sessionChunks), each sent once with a carry-over (the names and
 * descriptions found so far, the session notes when they exist, the memory files the assistant
 * saved itself). Each chunk's candidates are recorded in the session's effect log as soon as
 * the answer is in, before anything else; a rerun goes on after the last chunk recorded. No
 * memory file is written here.
 */
export async function sessionCandidates(
  target: { readonly projectDir: string; readonly effectLog: (session: string) => string },
  session: string,
  options: SessionCandidatesOptions,
): Promise<SessionCandidatesReport> {
  const chunks = sessionChunks(target, session, options.chunkTokens ?? DEFAULT_CHUNK_TOKENS);
  const known = [...chunks.known];
  const saved = [...chunks.savedBefore];
  let sent = 0;
  let found = 0;
  let refusedTotal = 0;
  let alreadySaved = 0;
  const tokens = { input: 0, output: 0 };
  const base = { project: target.projectDir, session, recordedBefore: chunks.recorded.length, sessionTokens: chunks.sessionTokens };
  const report = (failed: number, error?: string): SessionCandidatesReport => ({
    ...base,
    chunks: sent,
    candidates: found,
    refused: refusedTotal,
    alreadySaved,
    tokens,
    failed,
    ...(error === undefined ? {} : { error }),
  });
  for (const chunk of chunks.pending) {
    const request = chunkRequest(chunk.messages, chunkContext(chunks, known, saved, chunk));
    saved.push(...chunk.saved);
    let outcome;
    try {
      const reply = await options.model.complete(request, options.signal === undefined ? {} : { signal: options.signal });
      const input = reply.usage.inputTokens + reply.usage.cacheReadInputTokens + reply.usage.cacheCreationInputTokens;
      tokens.input += input > 0 ? input : requestTokens(request);
      tokens.output += reply.usage.outputTokens;
      const citedAs = new Map(chunk.slice.flatMap((m, i) => m.sources.map((uuid) => [uuid, chunk.messages[i]!.uuid] as const)));
      const answer = await candidatesOf(reply, { session: chunks.sessionId, citedAs, timeOf: chunks.timeOf });
      outcome = { ...answer, ...withoutSaved(answer.candidates, saved), input, output: reply.usage.outputTokens };
    } catch (error) {
      if (options.signal?.aborted === true || !(error instanceof ModelPortError || error instanceof CandidatesReplyError)) throw error;
      return report(1, error.message);
    }
    appendEffectsSync(chunks.logPath, [
      candidatesRecord({
        at: { seq: chunk.lastSeq, uuid: chunk.last },
        chunkId: chunk.first,
        first: chunk.first,
        last: chunk.last,
        candidates: outcome.kept.map((c) => ({
          ...c,
          sources: c.sources.map((s) => ({ session: s.session, uuid: s.uuid, timestamp: s.timestamp })),
        })),
        tokens: { chunk: chunk.range.tokens, input: outcome.input, output: outcome.output },
      }),
    ]);
    sent++;
    found += outcome.kept.length;
    refusedTotal += outcome.refused;
    alreadySaved += outcome.dropped;
    known.push(...outcome.kept.map((c) => ({ name: c.name, description: c.description })));
  }
  return report(0);
}
