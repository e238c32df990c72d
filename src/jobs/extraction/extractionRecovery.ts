import type { EffectRecord, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { recoverEffects, type Recovered } from '../../pipeline/recoverJournal.js';
import { unendedEntries, type CommitOf } from '../../pipeline/unendedEntries.js';
import { extractionSteps, type ExtractionPlace } from './extractionJob.js';

export interface ExtractionRecovery extends ExtractionPlace {
  readonly logPath: string;
  /** Runs whose request is in a submitted message batch: going on elsewhere, not interrupted. */
  readonly submitted: (record: RunStartedRecord) => boolean;
}

/**
 * What killed extraction runs left, through the journal's one recovery path (decision 74), by the
 * run's own steps (decision 91): a run committed (`run_finished`) whose staged files were not all
 * moved in is finished by its apply step (`staged`: the
 * log reader keeps those commits whole as it streams); one begun and never committed is taken
 * back (its staged copy goes) and runs again at its place.
 */
export function recoverExtractionRuns(
  records: readonly EffectRecord[],
  staged: readonly CommitOf<'extraction'>[],
  recovery: ExtractionRecovery,
): Promise<Recovered> {
  const { begun } = unendedEntries(records, 'extraction', { applied: () => true, elsewhere: recovery.submitted });
  return recoverEffects({ begun, committed: [...staged] }, extractionSteps(recovery), recovery.logPath);
}
