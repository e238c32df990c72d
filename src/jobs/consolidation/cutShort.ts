import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { rm } from '../../fs/faultableFs.js';
import { applyStagedFiles, removeStagedDir, stagedDirPath } from '../../fs/stagedDir.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import type { EffectJob } from '../../pipeline/effectJob.js';
import { recoverEffects } from '../../pipeline/recoverJournal.js';
import { unendedEntries, type CommitOf } from '../../pipeline/unendedEntries.js';

/** The consolidations a log recorded (their commit point) and never recorded as finished: killed part-way through moving files in. */
export function cutShort(records: readonly EffectRecord[]): CommitOf<'consolidation'>[] {
  return unendedEntries(records, 'consolidation').committed;
}

/** A consolidation's steps the journal runs live and in recovery (decision 91): its apply; staged first, it has nothing to take back. */
export function consolidationSteps(memoryDir: string): Pick<EffectJob<'consolidation', never>, 'kind' | 'apply'> {
  return { kind: 'consolidation', apply: (commit) => applyConsolidation(memoryDir, commit) };
}

/**
 * Finishes the consolidations a killed run committed, through the journal's one recovery path
 * (decision 74) with the consolidation's own apply step (decision 91): moves in what its staging
 * copy still holds (the files it had not moved yet), removes what it was to remove, and records
 * the end. Safe to run again if killed itself. For a caller that holds the lock. Returns their
 * run ids.
 */
export async function finishCutShort(memoryDir: string, logPath: string, records: readonly EffectRecord[]): Promise<string[]> {
  const { finished } = await recoverEffects(unendedEntries(records, 'consolidation'), consolidationSteps(memoryDir), logPath);
  return finished.flatMap((record) => (record.type === 'consolidation_finished' ? [record.runId] : []));
}

/** A committed consolidation's apply step: moves in what its staged copy holds, and removes what it was to remove. */
async function applyConsolidation(memoryDir: string, record: CommitOf<'consolidation'>): Promise<void> {
  const staging = stagedDirPath(memoryDir, record.runId);
  // Moved in already when the run was stopped after its files: its copy's base links may be left.
  if (existsSync(staging)) await applyStagedFiles(staging, memoryDir, record.writes);
  else await removeStagedDir(staging);
  for (const filename of record.removes) await rm(join(memoryDir, filename), { force: true });
}
