import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rm } from '../../fs/faultableFs.js';
import { applyStagedFiles, removeStagedDir, stagedDirPath } from '../../fs/stagedDir.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { consolidationFinishedRecord } from '../../pipeline/effectRecords.js';
import { recoverJournal } from '../../pipeline/recoverJournal.js';
import { unendedEntries, type CommitOf } from '../../pipeline/unendedEntries.js';

/** The consolidations a log recorded (their commit point) and never recorded as finished: killed part-way through moving files in. */
export function cutShort(records: readonly EffectRecord[]): CommitOf<'consolidation'>[] {
  return unendedEntries(records, 'consolidation').committed;
}

/**
 * Finishes the consolidations a killed run committed, through the journal's one recovery path
 * (decision 74): moves in what its staging copy still holds (the files it had not moved yet),
 * removes what it was to remove, and records the end. A consolidation commits as it begins (its
 * files are staged first), so there is nothing to take back. Safe to run again if killed itself.
 * For a caller that holds the lock. Returns their run ids.
 */
export async function finishCutShort(memoryDir: string, logPath: string, records: readonly EffectRecord[]): Promise<string[]> {
  const steps = {
    finish: (commit: CommitOf<'consolidation'>) => applyConsolidation(memoryDir, commit),
    rollBack: () => Promise.resolve([]),
  };
  const { finished } = await recoverJournal(unendedEntries(records, 'consolidation'), steps, logPath);
  return finished.flatMap((record) => (record.type === 'consolidation_finished' ? [record.runId] : []));
}

/**
 * A committed consolidation's apply step, the same live and in recovery: moves in what its
 * staged copy holds, removes what it was to remove, and gives the record that ends it.
 */
export async function applyConsolidation(memoryDir: string, record: CommitOf<'consolidation'>): Promise<readonly EffectRecord[]> {
  const staging = stagedDirPath(memoryDir, record.runId);
  // Moved in already when the run was stopped after its files: its copy's base links may be left.
  if (existsSync(staging)) await applyStagedFiles(staging, memoryDir, record.writes);
  else await removeStagedDir(staging);
  for (const filename of record.removes) await rm(join(memoryDir, filename), { force: true });
  return [consolidationFinishedRecord(record.runId)];
}
