import { join } from 'node:path';
import type { BatchStatus, MessageBatchesPort } from '../../model/messageBatches.js';
import type { ModelMessage, ModelRequest } from '../../model/port.js';
import { appendEffectsSync, withoutInterrupted } from '../../pipeline/effectLog.js';
import type { EffectRecord, LogPosition, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { doRunWork, recordRunEnd } from '../../pipeline/oneRun.js';
import type { PacedRun } from '../../pipeline/pacedRuns.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ExtractTarget } from './findTargets.js';
import { applyBatchReply, batchExtractionRequest } from './messageBatchExtraction.js';
import { recordSubmittedBatch, remoteCustomId } from './messageBatchLedger.js';
import { runStaged } from './stagedMemoryRun.js';
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
  const live = withoutInterrupted(records);
  const ended = new Set(live.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const open = live.filter(
    (r): r is RunStartedRecord =>
      r.type === 'run_started' && r.run === 'extraction' && !ended.has(r.runId) && ledger.has(remoteCustomId(r) ?? ''),
  );
  const out: EffectRecord[] = [];
  const runs: PacedRun[] = [];
  let waiting = 0;
  for (const started of open) {
    const customId = remoteCustomId(started)!;
    const batchId = ledger.get(customId)!;
    if (batch === null) {
      waiting++;
      continue;
    }
    if (!batch.statuses.has(batchId)) batch.statuses.set(batchId, batch.port.status(batchId));
    const status = await batch.statuses.get(batchId)!;
    if (!status.ended) {
      waiting++;
      continue;
    }
    const result = status.results.get(customId) ?? { ok: false as const, error: `batch ${batchId} has no result for this run's request` };
    const from = started.remote?.from ?? null;
    const to = started.remote?.to ?? null;
    const now = started.remote?.now ?? '1970-01-01T00:00:00.000Z';
    const done = await doRunWork(async () => {
      if (!result.ok) throw new Error(result.error);
      return runStaged(
        {
          memoryDir: target.memoryDir,
          runId: `${sessionId}.${started.runId}`,
          sessionId: options.originId ?? sessionId,
          from,
          to,
          stamp: { now, form: options.frontmatter ?? 'metadata' },
        },
        (context) =>
          applyBatchReply(result.reply, context, {
            frontmatter: options.frontmatter ?? 'metadata',
            sessionId: options.originId ?? sessionId,
            now,
          }),
      );
    });
    // The run's start was recorded by an earlier build; its end goes through the same step as every run's.
    const ending = recordRunEnd({ run: 'extraction', runId: started.runId, started }, done, {
      at: end(),
      afterEnd: true,
      record: (rs) => appendEffectsSync(logPath, rs),
    });
    switch (ending.kind) {
      case 'finished':
        runs.push({ runId: started.runId, at: end(), ok: true, outcome: ending.outcome });
        await ending.apply();
        out.push(...ending.records.slice(1));
        break;
      case 'failed':
        runs.push({ runId: started.runId, at: end(), ok: false, error: ending.error });
        out.push(...ending.records.slice(1));
        break;
      case 'interrupted':
        throw ending.error;
      case 'deferred':
      case 'aborted':
        throw new Error(`a collected message-batch run cannot end as ${ending.kind}`);
    }
  }
  return { records: out, runs, waiting };
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
