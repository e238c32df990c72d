import { existsSync } from 'node:fs';
import { rm } from '../../fs/faultableFs.js';
import type { EffectJob } from '../../pipeline/effectJob.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { recoverEffects, type Recovered } from '../../pipeline/recoverJournal.js';
import { unendedEntries } from '../../pipeline/unendedEntries.js';
import { applyStagedNotes, stagingPath } from './notesRun.js';

/** A notes update's steps the journal runs live and in recovery (decision 91): its apply (the staged copy moved in) and its roll back. */
export function notesSteps(notesPath: string): Pick<EffectJob<'session_notes', never>, 'kind' | 'apply' | 'rollBack'> {
  return {
    kind: 'session_notes',
    apply: (commit) => applyStagedNotes(notesPath, commit.runId, commit.outcome),
    rollBack: (begin) => rm(stagingPath(notesPath, begin.runId), { force: true }),
  };
}

/**
 * What a killed notes update left, through the journal's one recovery path (decision 74): an
 * update committed (`run_finished`) whose staged copy was never renamed into place is finished
 * by the update's own apply step; one begun and never committed is taken back (its staged copy
 * goes) and runs again at its place. `rollBack: false` finishes only (a caller that must not
 * record runs: compaction's check).
 */
export function recoverNotesRuns(
  records: readonly EffectRecord[],
  notesPath: string,
  logPath: string,
  rollBack = true,
): Promise<Recovered> {
  const unended = unendedEntries(records, 'session_notes', { applied: (commit) => !existsSync(stagingPath(notesPath, commit.runId)) });
  return recoverEffects(rollBack ? unended : { begun: [], committed: unended.committed }, notesSteps(notesPath), logPath);
}
