import { join } from 'node:path';
import type { BatchStatus, MessageBatchesPort } from '../../model/messageBatches.js';
import type { ModelMessage, ModelReply, ModelRequest } from '../../model/port.js';
import { appendEffectsSync, withoutInterrupted } from '../../pipeline/effectLog.js';
import type { EffectRecord, LogPosition, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { resumedRunJournal } from '../../pipeline/oneRun.js';
import { runEffect } from '../../pipeline/runEffect.js';
import { extractionJob } from './extractionJob.js';
import type { PacedRun } from '../../pipeline/pacedRuns.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ExtractTarget } from './findTargets.js';
import { applyBatchReply, batchExtractionRequest } from './messageBatchExtraction.js';
import { recordSubmittedBatch, remoteCustomId } from './messageBatchLedger.js';
import { extractionStagingDir, runStaged } from './stagedMemoryRun.js';
import { readRegularTextOrNull } from '../../fs/regularFile.js';

/** One `memlog extract --batch`: where batches are read from, and the requests to send at the end. */
export interface BatchRound {
  readonly port: MessageBatchesPort;
  readonly outbox: Array<{ readonly memoryDir: string; readonly customId: string; readonly request: ModelRequest }>;
  /** Each batch's status, asked once a round. */
  readonly statuses: Map<string, Promise<BatchStatus>>;
}

/**
 * Puts one run's request in this round's outbox, to go out with the others at the end. It is
 * built from the memory directory itself, not a staged copy: nothing is written until its reply
 * is collected, in a later round.
 */
export async function queueBatchRequest(
  batch: BatchRound,
  memoryDir: string,
  customId: string,
  run: { readonly conversation: readonly ModelMessage[]; readonly newMessages: number },
): Promise<void> {
  const existing = await scanMemoryFiles(memoryDir);
  const index = (await readRegularTextOrNull(join(memoryDir, INDEX_NAME))) ?? '';
  const request = await batchExtractionRequest(
    { conversation: run.conversation, newMessages: run.newMessages, memoryDir },
    { staging: memoryDir, existing, index },
  );
  batch.outbox.push({ memoryDir, customId, request });
}

/** What collecting a session's batch runs needs besides the round: where the transcript ends, the log, how memories are written. */
interface CollectContext {
  readonly target: ExtractTarget;
  readonly sessionId: string;
  readonly end: () => LogPosition;
  readonly logPath: string;
  readonly options: { readonly frontmatter?: FrontmatterForm; readonly originId?: string };
}

/**
 * The runs of a session whose requests went out in a message batch: each one whose batch has
 * ended gets its end recorded after the end of the transcript as it is now (`afterEnd`: the run
 * was in flight all that time, so later triggers coalesced behind it), then its memories applied. Without a
 * batch round (no --batch), they are left waiting.
 */
export async function collectBatchResults(
  target: ExtractTarget,
  sessionId: string,
  records: readonly EffectRecord[],
  ledger: ReadonlyMap<string, string>,
  /** Where the transcript ends (read only when a run is collected). */
  end: () => LogPosition,
  logPath: string,
  batch: BatchRound | null,
  options: {
    readonly frontmatter?: FrontmatterForm;
    /** The session id the entries carry, when it is not `sessionId` (the file's stem): the memories' origin (decision 68). */
    readonly originId?: string;
  },
): Promise<{ readonly records: EffectRecord[]; readonly runs: PacedRun[]; readonly waiting: number }> {
  const context: CollectContext = { target, sessionId, end, logPath, options };
  const out: EffectRecord[] = [];
  const runs: PacedRun[] = [];
  let waiting = 0;
  for (const { started, customId, batchId } of openBatchRuns(records, ledger)) {
    const status = batch === null ? null : await batchStatus(batch, batchId);
    if (status === null || !status.ended) {
      waiting++;
      continue;
    }
    const result = status.results.get(customId) ?? { ok: false as const, error: `batch ${batchId} has no result for this run's request` };
    const ended = await collectRun(context, started, result);
    runs.push(ended.run);
    out.push(...ended.records);
  }
  return { records: out, runs, waiting };
}

/** The session's extraction runs sent in a batch the ledger knows, with no end recorded yet. */
function openBatchRuns(
  records: readonly EffectRecord[],
  ledger: ReadonlyMap<string, string>,
): { readonly started: RunStartedRecord; readonly customId: string; readonly batchId: string }[] {
  const live = withoutInterrupted(records);
  const ended = new Set(live.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  return live.flatMap((r) => {
    if (r.type !== 'run_started' || r.run !== 'extraction' || ended.has(r.runId)) return [];
    const customId = remoteCustomId(r) ?? '';
    const batchId = ledger.get(customId);
    return batchId === undefined ? [] : [{ started: r, customId, batchId }];
  });
}

/** A batch's status, asked once a round. */
function batchStatus(batch: BatchRound, batchId: string): Promise<BatchStatus> {
  const asked = batch.statuses.get(batchId) ?? batch.port.status(batchId);
  batch.statuses.set(batchId, asked);
  return asked;
}

/** One collected run: its reply written through a staged copy, its end recorded, its files applied. */
async function collectRun(
  context: CollectContext,
  started: RunStartedRecord,
  result: { readonly ok: true; readonly reply: ModelReply } | { readonly ok: false; readonly error: string },
): Promise<{ readonly run: PacedRun; readonly records: readonly EffectRecord[] }> {
  const { target, sessionId, options } = context;
  const now = started.remote?.now ?? '1970-01-01T00:00:00.000Z';
  const origin = options.originId ?? sessionId;
  const form = options.frontmatter ?? 'metadata';
  const place = {
    memoryDir: target.memoryDir,
    stagingOf: (runId: string) => extractionStagingDir(target.memoryDir, `${sessionId}.${runId}`),
  };
  const job = extractionJob(place, async (_input: null, runId) => {
    if (!result.ok) throw new Error(result.error);
    const run = { memoryDir: target.memoryDir, runId: `${sessionId}.${runId}`, sessionId: origin, stamp: { now, form } };
    const staged = await runStaged({ ...run, from: started.remote?.from ?? null, to: started.remote?.to ?? null }, (copy) =>
      applyBatchReply(result.reply, copy, { frontmatter: form, sessionId: origin, now }),
    );
    return staged.outcome;
  });
  // The run's start was recorded by an earlier build; its end goes through the journal as every run's does.
  const journal = resumedRunJournal('extraction', started, {
    endAt: context.end,
    afterEnd: true,
    record: (rs) => appendEffectsSync(context.logPath, rs),
  });
  const ending = await runEffect(journal, job, null);
  switch (ending.kind) {
    case 'finished':
      return { run: { runId: started.runId, at: context.end(), ok: true, outcome: ending.outcome }, records: ending.records.slice(1) };
    case 'failed':
      return { run: { runId: started.runId, at: context.end(), ok: false, error: ending.error }, records: ending.records.slice(1) };
    case 'interrupted':
      throw ending.error;
    case 'deferred':
    case 'aborted':
      throw new Error(`a collected message-batch run cannot end as ${ending.kind}`);
  }
}

/** The most requests one batch is sent with (the API takes 100,000 or 256 MB; this stays well inside). */
const REQUESTS_PER_BATCH = 2_000;

/**
 * Sends this round's requests, then writes each batch to the ledgers of the memory directories
 * it serves. Should the process die between the two, those runs count as never sent and run
 * again (the orphaned batch costs, but changes nothing).
 */
export async function submitOutbox(batch: BatchRound, now: () => Date): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < batch.outbox.length; i += REQUESTS_PER_BATCH) {
    const chunk = batch.outbox.slice(i, i + REQUESTS_PER_BATCH);
    const { batchId } = await batch.port.submit(chunk);
    ids.push(batchId);
    const byDir = new Map<string, string[]>();
    for (const item of chunk) byDir.set(item.memoryDir, [...(byDir.get(item.memoryDir) ?? []), item.customId]);
    for (const [memoryDir, customIds] of byDir) await recordSubmittedBatch(memoryDir, batchId, customIds, now().toISOString());
  }
  return ids;
}
