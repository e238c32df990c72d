import { basename } from 'node:path';
import { ModelPortError } from '../../errors.js';
import type { ModelPort } from '../../model/port.js';
import { appendEffectsSync, readEffectLog } from '../../pipeline/effectLog.js';
import type { CandidatesRecord } from '../../pipeline/effectRecord.js';
import { candidatesRecord } from '../../pipeline/effectRecords.js';
import { blockTokens } from '../../projections/tokenEstimate.js';
import { chunkAtTurnEnds } from '../../projections/turnChunks.js';
import { isPrompt } from '../../projections/turns.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { liveConversation } from '../../resume/loadConversation.js';
import { describeFailure } from '../../fs/fsError.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import { readLogEntries } from '../../transcript/readLogEntries.js';
import { SessionUnreadableError } from '../extraction/extractSession.js';
import { candidatesOf, CandidatesReplyError, chunkMessage, chunkRequest, requestTokens, type CarryOver } from './chunkRequest.js';

/** The chunk size backfill's first phase uses unless told otherwise, in estimated tokens. */
export const DEFAULT_CHUNK_TOKENS = 60_000;

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
  /** Model tokens of this run's requests (the model's usage; the estimate of the request when it reports none). */
  readonly tokens: { readonly input: number; readonly output: number };
  /** The session's own size: its main-thread conversation, by the same estimate as the chunks. */
  readonly sessionTokens: number;
  /** A chunk whose request failed: the session stops there, and the next run starts again from it. */
  readonly failed: number;
  readonly error?: string;
}

const messageTokens = (message: ApiMessage): number => message.content.reduce((n, block) => n + blockTokens(block), 0);

/**
 * Backfill's first phase for one session: its main-thread conversation read once, cut at turn
 * ends into chunks of at most `chunkTokens`, each sent once with the names and descriptions
 * found so far. Each chunk's candidates are recorded in the session's effect log as soon as the
 * answer is in, before anything else; a rerun goes on after the last chunk recorded (a session
 * that grew gets its new turns chunked). No memory file is written here.
 */
export async function sessionCandidates(
  target: { readonly projectDir: string; readonly effectLog: (session: string) => string },
  session: string,
  options: SessionCandidatesOptions,
): Promise<SessionCandidatesReport> {
  const logPath = target.effectLog(session);
  const { entries, records } = readInputs(session, logPath);
  const sessionId = basename(session, '.jsonl');
  const conversation = liveConversation(entries);
  const prompts = new Set(entries.flatMap((e) => (isPrompt(e.entry) && hasUuid(e.entry) ? [e.entry.uuid] : [])));
  const timeOf = new Map(
    entries.flatMap((e) => {
      const timestamp = (e.entry as { timestamp?: unknown }).timestamp;
      return hasUuid(e.entry) && typeof timestamp === 'string' ? [[e.entry.uuid, timestamp] as const] : [];
    }),
  );
  const seqOf = new Map(entries.flatMap((e) => (hasUuid(e.entry) ? [[e.entry.uuid, e.seq] as const] : [])));
  const sizes = conversation.map(messageTokens);
  const sessionTokens = sizes.reduce((n, t) => n + t, 0);

  const recorded = records.filter((r): r is CandidatesRecord => r.type === 'candidates');
  const recordedIds = new Set(recorded.map((r) => r.chunkId));
  const known: Array<CarryOver[number]> = recorded.flatMap((r) => r.candidates.map((c) => ({ name: c.name, description: c.description })));
  // Go on after the last chunk recorded; when its message is gone (another branch was resumed), from the start, skipping recorded chunks.
  const lastRecorded = recorded.at(-1)?.last;
  const resumeAt = lastRecorded === undefined ? 0 : conversation.findIndex((m) => m.sources.includes(lastRecorded)) + 1;
  const items = conversation.map((m, i) => ({
    tokens: sizes[i]!,
    startsTurn: m.role === 'user' && m.sources.some((uuid) => prompts.has(uuid)),
  }));
  const ranges = chunkAtTurnEnds(items.slice(resumeAt), options.chunkTokens ?? DEFAULT_CHUNK_TOKENS);

  let chunks = 0;
  let found = 0;
  let refusedTotal = 0;
  const tokens = { input: 0, output: 0 };
  const base = { project: target.projectDir, session, recordedBefore: recorded.length, sessionTokens };
  for (const range of ranges) {
    const slice = conversation.slice(resumeAt + range.start, resumeAt + range.end);
    const messages = slice.map((m) => chunkMessage(m, prompts));
    const first = messages[0]!.uuid;
    const last = slice.at(-1)!.sources.at(-1)!;
    if (recordedIds.has(first)) continue;
    const request = chunkRequest(messages, known);
    let outcome;
    try {
      const reply = await options.model.complete(request, options.signal === undefined ? {} : { signal: options.signal });
      const input = reply.usage.inputTokens + reply.usage.cacheReadInputTokens + reply.usage.cacheCreationInputTokens;
      tokens.input += input > 0 ? input : requestTokens(request);
      tokens.output += reply.usage.outputTokens;
      const citedAs = new Map(slice.flatMap((m, i) => m.sources.map((uuid) => [uuid, messages[i]!.uuid] as const)));
      outcome = { ...(await candidatesOf(reply, { session: sessionId, citedAs, timeOf })), input, output: reply.usage.outputTokens };
    } catch (error) {
      if (options.signal?.aborted === true || !(error instanceof ModelPortError || error instanceof CandidatesReplyError)) throw error;
      return { ...base, chunks, candidates: found, refused: refusedTotal, tokens, failed: 1, error: error.message };
    }
    appendEffectsSync(logPath, [
      candidatesRecord({
        at: { seq: seqOf.get(last) ?? -1, uuid: last },
        chunkId: first,
        first,
        last,
        candidates: outcome.candidates.map((c) => ({
          ...c,
          sources: c.sources.map((s) => ({ session: s.session, uuid: s.uuid, timestamp: s.timestamp })),
        })),
        tokens: { chunk: range.tokens, input: outcome.input, output: outcome.output },
      }),
    ]);
    chunks++;
    found += outcome.candidates.length;
    refusedTotal += outcome.refused;
    known.push(...outcome.candidates.map((c) => ({ name: c.name, description: c.description })));
  }
  return { ...base, chunks, candidates: found, refused: refusedTotal, tokens, failed: 0 };
}

/** The transcript and the effect log, read before anything is sent. */
function readInputs(session: string, logPath: string) {
  try {
    const { entries } = readLogEntries(session);
    return { entries, records: readEffectLog(logPath).records };
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
    throw new SessionUnreadableError(error);
  }
}
