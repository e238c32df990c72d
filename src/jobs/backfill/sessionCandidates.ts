import { ModelPortError } from '../../errors.js';
import type { ModelPort } from '../../model/port.js';
import { CandidatesReplyError, chunkRequest, requestTokens } from './chunkRequest.js';
import { carryOver, chunkContext, readSessionView, recordChunkReply, replyTokens, unrecordedChunks } from './sessionChunks.js';
import { DEFAULT_CHUNK_TOKENS } from './chunkTokens.js';

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
  /** Lines of the transcript that are not entries (`memlog inspect` lists them): left out of every chunk. */
  readonly unreadLines: number;
  /** The file holds entries, none of a kind Claude Code writes: another tool's log, nothing to read in it. */
  readonly notClaudeCode?: true;
  /** A chunk whose request failed: the session stops there, and the next run starts again from it. */
  readonly failed: number;
  readonly error?: string;
  /** Another memlog extract held the project's memory folder (its pid): nothing was done here, the next run does it. */
  readonly heldBy?: number;
}

/**
 * Backfill's first phase for one session: its conversation outlined from light entries, then read
 * back once, a window at a time, and cut at turn ends into chunks of at most `chunkTokens` as it
 * comes, each sent once with a carry-over (the names and
 * descriptions found so far, the session notes when they exist, the memory files the session's
 * assistant saved itself; a candidate on the same subject as one of those is left out). Each chunk's candidates are recorded in the session's effect log as soon as the
 * answer is in, before anything else; a rerun goes on after the last chunk recorded (a session
 * that grew gets its new turns chunked). No memory file is written here.
 */
export async function sessionCandidates(
  target: { readonly projectDir: string; readonly effectLog: (session: string) => string },
  session: string,
  options: SessionCandidatesOptions,
): Promise<SessionCandidatesReport> {
  const logPath = target.effectLog(session);
  const view = readSessionView(session, logPath);
  const known = carryOver(view);
  let chunks = 0;
  let found = 0;
  let refusedTotal = 0;
  let alreadySaved = 0;
  const tokens = { input: 0, output: 0 };
  const walk = unrecordedChunks(view, options.chunkTokens ?? DEFAULT_CHUNK_TOKENS);
  const base = () => ({
    project: target.projectDir,
    session,
    recordedBefore: view.recorded.length,
    sessionTokens: walk.sessionTokens(),
    unreadLines: view.outline.unreadLines,
    ...(view.outline.notClaudeCode ? { notClaudeCode: true as const } : {}),
  });
  for (const chunk of walk) {
    const context = chunkContext(view, known, chunk);
    const request = chunkRequest(chunk.messages, context);
    let outcome;
    try {
      const reply = await options.model.complete(request, options.signal === undefined ? {} : { signal: options.signal });
      const used = replyTokens(reply);
      tokens.input += used.input > 0 ? used.input : requestTokens(request);
      tokens.output += used.output;
      outcome = await recordChunkReply(view, chunk, reply, logPath, context.saved);
    } catch (error) {
      if (options.signal?.aborted === true || !(error instanceof ModelPortError || error instanceof CandidatesReplyError)) throw error;
      return { ...base(), chunks, candidates: found, refused: refusedTotal, alreadySaved, tokens, failed: 1, error: error.message };
    }
    chunks++;
    found += outcome.record.candidates.length;
    refusedTotal += outcome.refused;
    alreadySaved += outcome.alreadySaved;
    known.push(...outcome.record.candidates.map((c) => ({ name: c.name, description: c.description })));
  }
  return { ...base(), chunks, candidates: found, refused: refusedTotal, alreadySaved, tokens, failed: 0 };
}
