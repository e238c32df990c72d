import { defineEffectJob } from '../../pipeline/effectJob.js';
import type { CandidatesRecord, CandidatesRequestedRecord } from '../../pipeline/effectRecord.js';
import { candidatesRequestedRecord } from '../../pipeline/effectRecords.js';
import { candidatesJournal } from '../../pipeline/entryJournals.js';
import { JOURNAL_KINDS } from '../../pipeline/journalKinds.js';
import { runEffect } from '../../pipeline/runEffect.js';
import { batchCustomId } from '../extraction/messageBatchLedger.js';
import type { BatchRound } from '../extraction/messageBatchRound.js';
import { CandidatesReplyError, chunkRequest, requestTokens } from './chunkRequest.js';
import type { SessionCandidatesReport } from './sessionCandidates.js';
import {
  carryOver,
  chunkBetween,
  chunkContext,
  readSessionView,
  recordChunkReply,
  replyTokens,
  sessionTokens,
  unrecordedChunks,
  withRecorded,
  type SessionChunk,
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
  const view = readSessionView(session, logPath);
  const base = () => ({
    project: target.projectDir,
    session,
    recordedBefore: view.recorded.length,
    sessionTokens: sessionTokens(view),
    unreadLines: view.outline.unreadLines,
    ...(view.outline.notClaudeCode ? { notClaudeCode: true as const } : {}),
  });
  const requests = view.records.filter((r): r is CandidatesRequestedRecord => r.type === 'candidates_requested');
  const collected = await collectPending(view, requests, logPath, batch, ledger);
  if (collected.kind === 'waiting')
    return {
      ...base(),
      chunks: 0,
      candidates: 0,
      refused: 0,
      alreadySaved: 0,
      tokens: { input: 0, output: 0 },
      failed: 0,
      submitted: 0,
      waiting: 1,
    };
  const next = await queueNextChunk(
    collected.kind === 'recorded' ? withRecorded(view, collected.record, collected.chunk) : view,
    requests,
    target,
    {
      logPath,
      chunkTokens: options.chunkTokens,
      batch,
    },
  );
  const recorded = collected.kind === 'recorded' ? collected : null;
  return {
    ...base(),
    chunks: recorded === null ? 0 : 1,
    candidates: recorded?.record.candidates.length ?? 0,
    refused: recorded?.refused ?? 0,
    alreadySaved: recorded?.alreadySaved ?? 0,
    tokens: collected.kind === 'recorded' || collected.kind === 'failed' ? collected.tokens : { input: 0, output: 0 },
    failed: collected.kind === 'failed' ? 1 : 0,
    ...(collected.kind === 'failed' ? { error: `${collected.error}; sent again in this round's batch` } : {}),
    submitted: next ? 1 : 0,
    waiting: 0,
  };
}

type Tokens = { readonly input: number; readonly output: number };
type Collected =
  | { readonly kind: 'none' }
  | { readonly kind: 'waiting' }
  /** What a reply of the wrong shape cost is counted, as the synchronous path counts it. */
  | { readonly kind: 'failed'; readonly error: string; readonly tokens: Tokens }
  | {
      readonly kind: 'recorded';
      readonly record: CandidatesRecord;
      readonly chunk: SessionChunk;
      readonly refused: number;
      readonly alreadySaved: number;
      readonly tokens: Tokens;
    };

/**
 * The session's pending chunk (the newest request no `candidates` record answers), looked up in
 * its batch and, when answered, recorded. Nothing pending, a request in no batch (it never left
 * the machine) and one whose messages are gone (another branch was resumed) are all `none`: the
 * chunks are cut again from what is recorded.
 */
async function collectPending(
  view: SessionView,
  requests: readonly CandidatesRequestedRecord[],
  logPath: string,
  batch: BatchRound,
  ledger: ReadonlyMap<string, string>,
): Promise<Collected> {
  const recordedIds = new Set(view.recorded.map((r) => r.chunkId));
  const pending = requests.filter((r) => !recordedIds.has(r.chunkId)).at(-1);
  const batchId = pending === undefined ? undefined : ledger.get(pending.customId);
  if (pending === undefined || batchId === undefined) return { kind: 'none' };
  if (!batch.statuses.has(batchId)) batch.statuses.set(batchId, batch.port.status(batchId));
  const status = await batch.statuses.get(batchId)!;
  if (!status.ended) return { kind: 'waiting' };
  const chunk = chunkBetween(view, pending.first, pending.last);
  if (chunk === null) return { kind: 'none' };
  const result = status.results.get(pending.customId);
  const none = { input: 0, output: 0 };
  if (result === undefined) return { kind: 'failed', error: `batch ${batchId} has no result for this chunk`, tokens: none };
  if (!result.ok) return { kind: 'failed', error: result.error, tokens: none };
  const used = replyTokens(result.reply);
  const context = chunkContext(view, carryOver(view), chunk);
  const tokens = { input: used.input > 0 ? used.input : requestTokens(chunkRequest(chunk.messages, context)), output: used.output };
  try {
    return { kind: 'recorded', chunk, ...(await recordChunkReply(view, chunk, result.reply, logPath, context.saved, pending)), tokens };
  } catch (error) {
    if (!(error instanceof CandidatesReplyError)) throw error;
    return { kind: 'failed', error: error.message, tokens };
  }
}

/**
 * Records the session's next chunk as requested, then puts its request in the outbox: the chunk's
 * entry begun through the journal's driver, going on in the batch (decision 91). False when every
 * chunk is recorded.
 */
async function queueNextChunk(
  view: SessionView,
  requests: readonly CandidatesRequestedRecord[],
  target: BatchSessionTarget,
  { logPath, chunkTokens, batch }: { readonly logPath: string; readonly chunkTokens: number; readonly batch: BatchRound },
): Promise<boolean> {
  const walk = unrecordedChunks(view, chunkTokens);
  const [chunk] = walk;
  // The rest of the walk only sizes the session (the report's), without holding its chunks.
  walk.sessionTokens();
  if (chunk === undefined) return false;
  // Each attempt its own custom id, so a ledger line never names an earlier attempt's request.
  const attempt = requests.filter((r) => r.chunkId === chunk.first).length;
  const customId = batchCustomId(view.sessionId, `candidates:${chunk.first}:${attempt}`);
  const at = { seq: chunk.lastSeq, uuid: chunk.last };
  const request = candidatesRequestedRecord({ at, chunkId: chunk.first, first: chunk.first, last: chunk.last, customId });
  const job = defineEffectJob({
    kind: 'candidates',
    outcome: JOURNAL_KINDS.candidates.outcome,
    execute: (asked: SessionChunk) => {
      batch.outbox.push({
        memoryDir: target.memoryDir,
        customId,
        request: chunkRequest(asked.messages, chunkContext(view, carryOver(view), asked)),
      });
      return Promise.resolve({ deferred: true } as const);
    },
    apply: () => Promise.resolve(),
  });
  await runEffect(candidatesJournal(logPath, at, chunk.first, { request }), job, chunk);
  return true;
}
