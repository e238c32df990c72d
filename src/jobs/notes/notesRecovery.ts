import { existsSync } from 'node:fs';
import { rename, rm } from '../../fs/faultableFs.js';
import { readRegularFile } from '../../fs/regularFile.js';
import { sha256Hex } from '../../fs/sha256.js';
import type { EffectRecord } from '../../pipeline/effectRecord.js';
import { recoverJournal, type Recovered } from '../../pipeline/recoverJournal.js';
import { unendedEntries, type CommitOf } from '../../pipeline/unendedEntries.js';
import { rollBackRun } from '../../pipeline/pacedRuns.js';
import { stagingPath } from './notesRun.js';

/**
 * What a killed notes update left, through the journal's one recovery path (decision 74): an
 * update committed (`run_finished`) whose staged copy was never renamed into place is finished;
 * one begun and never committed is taken back (its staged copy goes) and runs again at its place.
 * `rollBack: false` finishes only (a caller that must not record runs: compaction's check).
 */
export function recoverNotesRuns(
  records: readonly EffectRecord[],
  notesPath: string,
  logPath: string,
  rollBack = true,
): Promise<Recovered> {
  const unended = unendedEntries(records, 'session_notes', { applied: (commit) => !existsSync(stagingPath(notesPath, commit.runId)) });
  const steps = {
    finish: (commit: CommitOf<'session_notes'>) => finishApplied(commit, notesPath),
    rollBack: rollBackRun((runId) => rm(stagingPath(notesPath, runId), { force: true })),
  };
  return recoverJournal(rollBack ? unended : { begun: [], committed: unended.committed }, steps, logPath);
}

/**
 * A run that recorded its end but died before its result was renamed into place: when the notes
 * are still what the run started from and the staging copy is what it recorded, the rename is
 * done now; otherwise the copy is stale and goes. Its commit is its end: nothing more is recorded.
 */
async function finishApplied(record: CommitOf<'session_notes'>, notesPath: string): Promise<readonly EffectRecord[]> {
  const staging = stagingPath(notesPath, record.runId);
  const staged = await readRegularFile(staging, { follow: false }).catch(() => null);
  if (staged === null) return [];
  const { outcome } = record;
  const current = await readRegularFile(notesPath).catch(() => null);
  if (outcome?.before !== undefined && current !== null && sha256Hex(current) === outcome.before && sha256Hex(staged) === outcome.after)
    await rename(staging, notesPath);
  else await rm(staging, { force: true });
  return [];
}
