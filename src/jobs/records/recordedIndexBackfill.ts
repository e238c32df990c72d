import { backfillIndex, type BackfillResult } from '../../memory/durable/indexBackfill.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { appendEffectsSync, readEffectLog } from '../../pipeline/effectLog.js';
import { consolidationFinishedRecord, consolidationStartedRecord, nextRunId } from '../../pipeline/effectRecords.js';
import { keepFile } from './blobStore.js';

/**
 * Gives a directory its missing index (backfillIndex) and, when it wrote one, records it in the
 * directory's log as a run of its own (`index@N`), so `memlog undo` can take it back. Recorded
 * after the write: the file did not exist before, so nothing is lost if the record never comes
 * (decision 79).
 */
export async function backfillIndexRecorded(memoryDir: string, now: Date = new Date()): Promise<BackfillResult> {
  const result = await backfillIndex(memoryDir);
  if (result.status !== 'created') return result;
  const logPath = consolidationLogPath(memoryDir);
  const runIds = readEffectLog(logPath).records.flatMap((r) => (r.type === 'consolidation_started' ? [r.runId] : []));
  const runId = nextRunId('index', runIds.filter((id) => id.startsWith('index@')).length, new Set(runIds));
  const after = await keepFile(memoryDir, memoryDir, INDEX_NAME);
  const reason = `an index for the ${result.plan.listed.length} topic file(s) that had none`;
  appendEffectsSync(logPath, [
    consolidationStartedRecord({
      runId,
      changes: [{ kind: 'added', filename: INDEX_NAME, reason }],
      writes: [INDEX_NAME],
      removes: [],
      files: [{ file: INDEX_NAME, before: null, after }],
      time: now.toISOString(),
    }),
    consolidationFinishedRecord(runId),
  ]);
  return result;
}
