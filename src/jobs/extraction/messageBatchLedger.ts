import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { appendWholeLines } from '../../fs/appendLines.js';
import type { RunStartedRecord } from '../../pipeline/effectRecord.js';
import { readRegularFileSync } from '../../fs/regularFile.js';

/**
 * Which message batch holds which extraction request, beside a memory directory. A run's
 * run_started record names its request (`remote.customId`); this ledger names the batch it
 * went out in, written as soon as the API accepted it. A run whose request is in no batch here
 * never left the machine (the process died first) and is run again.
 */
const LedgerLine = z.object({
  v: z.literal(1),
  type: z.literal('submitted'),
  batchId: z.string().min(1),
  customIds: z.array(z.string()),
  submittedAt: z.string(),
});

export const batchLedgerPath = (memoryDir: string): string => join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-batches.jsonl`);

/** customId → batchId; unreadable lines are skipped (their runs count as never sent, and run again). */
export function readBatchLedger(memoryDir: string): Map<string, string> {
  const path = batchLedgerPath(memoryDir);
  const batches = new Map<string, string>();
  if (!existsSync(path)) return batches;
  for (const line of readRegularFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = LedgerLine.safeParse(value);
    if (parsed.success) for (const id of parsed.data.customIds) batches.set(id, parsed.data.batchId);
  }
  return batches;
}

export async function recordSubmittedBatch(
  memoryDir: string,
  batchId: string,
  customIds: readonly string[],
  submittedAt: string,
): Promise<void> {
  await appendWholeLines(batchLedgerPath(memoryDir), `${JSON.stringify({ v: 1, type: 'submitted', batchId, customIds, submittedAt })}\n`, {
    endTornTail: true,
  });
}

/** The Batches API's custom_id (at most 64 of [A-Za-z0-9_-]) for one session's run. */
export function batchCustomId(sessionId: string, runId: string): string {
  return `memlog-${createHash('sha256').update(`${sessionId}\u0000${runId}`).digest('hex').slice(0, 40)}`;
}

/** The request a run_started record says it sent, if any. */
export function remoteCustomId(record: RunStartedRecord): string | null {
  return record.remote?.customId ?? null;
}
