import { appendEffectsSync } from '../../pipeline/effectLog.js';
import type { CandidatesRequestedRecord } from '../../pipeline/effectRecord.js';
import { candidatesRequestedRecord } from '../../pipeline/effectRecords.js';
import { batchCustomId } from '../extraction/messageBatchLedger.js';
import type { BatchRound } from '../extraction/messageBatchRound.js';
import { CandidatesReplyError, chunkRequest, requestTokens } from './chunkRequest.js';
import type { SessionCandidatesReport } from './sessionCandidates.js';
import {
  carryOver,
  chunkBetween,
  readSessionView,
  recordChunkReply,
  replyTokens,
  unrecordedChunks,
  withRecorded,
  type SessionView,
} from './sessionChunks.js';

/** Backfill's first phase for one session in a message-batch round: what came back, and what went out. */
export interface BatchSessionReport extends SessionCandidatesReport {
  /** A chunk request put in this round's batch (0 or 1). */
  readonly submitted: number;
  /** A chunk request still out in an earlier batch that has not ended (0 or 1). */
  readonly waiting: number;
}

export interface BatchSessionTarget {
  readonly projectDir: string;
  readonly memoryDir: string;
  readonly effectLog: (session: string) => string;
}

/**
 * Backfill's first phase for one session through the Message Batches API, one chunk per round
 * (a chunk's carry-over is what the chunks before it found). The session's pending request, if
 * any, is looked up: still processing, the session waits; answered, the chunk's candidates are
 * recorded exactly as the synchronous path records them; ended without an answer (errored,
 * expired, canceled, a reply of the wrong shape), or never sent (in no batch of the ledger), it
 * is due again. The next chunk due is then recorded as requested in the session's effect log and
 * put in the round's outbox; the ledger line that names its batch is written once the batch is
 * accepted (messageBatchRound.ts `submitOutbox`).
 */
export async function sessionCandidatesBatch(
  target: BatchSessionTarget,
  session: string,
  options: { readonly chunkTokens: number },
  batch: BatchRound,
  ledger: ReadonlyMap<string, string>,
): Promise<BatchSessionReport> {
  const logPath = target.effectLog(session);
  let view = readSessionView(session, logPath);
  const base = { project: target.projectDir, session, recordedBefore: view.recorded.length, sessionTokens: view.sessionTokens };
  const report = { chunks: 0, candidates: 0, refused: 0, tokens: { input: 0, output: 0 }, failed: 0 };
  let error: string | undefined;

  const requests = view.records.filter((r): r is CandidatesRequestedRecord => r.type === 'candidates_requested');
  const recordedIds = new Set(view.recorded.map((r) => r.chunkId));
  const pending = requests.filter((r) => !recordedIds.has(r.chunkId)).at(-1);
  const batchId = pending === undefined ? undefined : ledger.get(pending.customId);
  if (pending !== undefined && batchId !== undefined) {
    if (!batch.statuses.has(batchId)) batch.statuses.set(batchId, batch.port.status(batchId));
    const status = await batch.statuses.get(batchId)!;
    if (!status.ended) return { ...base, ...report, submitted: 0, waiting: 1 };
    const result = status.results.get(pending.customId) ?? { ok: false as const, error: `batch ${batchId} has no result for this chunk` };
    // A chunk whose messages are gone (another branch was resumed) is left: the chunks are cut again below.
    const chunk = chunkBetween(view, pending.first, pending.last);
    if (chunk !== null) {
      try {
        if (!result.ok) throw new CandidatesReplyError(result.error);
        const used = replyTokens(result.reply);
        report.tokens.input += used.input > 0 ? used.input : requestTokens(chunkRequest(chunk.messages, carryOver(view)));
        report.tokens.output += used.output;
        const outcome = await recordChunkReply(view, chunk, result.reply, logPath);
        view = withRecorded(view, outcome.record);
        report.chunks++;
        report.candidates += outcome.record.candidates.length;
        report.refused += outcome.refused;
      } catch (failure) {
        if (!(failure instanceof CandidatesReplyError)) throw failure;
        report.failed++;
        error = `${failure.message}; sent again in this round's batch`;
      }
    }
  }

  const next = queueNextChunk(view, requests, target, logPath, options.chunkTokens, batch);
  return { ...base, ...report, ...(error === undefined ? {} : { error }), submitted: next ? 1 : 0, waiting: 0 };
}

/** Records the session's next chunk as requested, then puts its request in the outbox; false when every chunk is recorded. */
function queueNextChunk(
  view: SessionView,
  requests: readonly CandidatesRequestedRecord[],
  target: BatchSessionTarget,
  logPath: string,
  chunkTokens: number,
  batch: BatchRound,
): boolean {
  const [chunk] = unrecordedChunks(view, chunkTokens);
  if (chunk === undefined) return false;
  // Each attempt its own custom id, so a ledger line never names an earlier attempt's request.
  const attempt = requests.filter((r) => r.chunkId === chunk.first).length;
  const customId = batchCustomId(view.sessionId, `candidates:${chunk.first}:${attempt}`);
  appendEffectsSync(logPath, [
    candidatesRequestedRecord({
      at: { seq: view.seqOf.get(chunk.last) ?? -1, uuid: chunk.last },
      chunkId: chunk.first,
      first: chunk.first,
      last: chunk.last,
      customId,
    }),
  ]);
  batch.outbox.push({ memoryDir: target.memoryDir, customId, request: chunkRequest(chunk.messages, carryOver(view)) });
  return true;
}
