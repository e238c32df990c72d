import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rm } from '../../fs/faultableFs.js';
import { applyStagedFiles, removeStagedDir, stagedDirPath } from '../../fs/stagedDir.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { consolidationFinishedRecord } from '../../pipeline/effectRecords.js';

/** The consolidations a log recorded (their commit point) and never recorded as finished: killed part-way through moving files in. */
export function cutShort(records: readonly EffectRecord[]): Extract<EffectRecord, { type: 'consolidation_started' }>[] {
  const finished = new Set(records.flatMap((r) => (r.type === 'consolidation_finished' ? [r.runId] : [])));
  return records.flatMap((r) => (r.type === 'consolidation_started' && !finished.has(r.runId) ? [r] : []));
}

/**
 * Finishes the consolidations a killed run committed: moves in what its staging copy still
 * holds (the files it had not moved yet), removes what it was to remove, and records the end.
 * Safe to run again if killed itself. For a caller that holds the lock. Returns their run ids.
 */
export async function finishCutShort(memoryDir: string, logPath: string, records: readonly EffectRecord[]): Promise<string[]> {
  const done: string[] = [];
  for (const record of cutShort(records)) {
    const staging = stagedDirPath(memoryDir, record.runId);
    // Moved in already when the run was stopped after its files: its copy's base links may be left.
    if (existsSync(staging)) await applyStagedFiles(staging, memoryDir, record.writes);
    else await removeStagedDir(staging);
    for (const filename of record.removes) await rm(join(memoryDir, filename), { force: true });
    appendEffectsSync(logPath, [consolidationFinishedRecord(record.runId)]);
    done.push(record.runId);
  }
  return done;
}
