import { removeStagedDir } from '../../fs/stagedDir.js';
import type { EffectRecord, RunStartedRecord } from '../../pipeline/effectRecord.js';
import { recoverJournal, type Recovered } from '../../pipeline/recoverJournal.js';
import { unendedEntries, type CommitOf } from '../../pipeline/unendedEntries.js';
import { rollBackRun } from '../../pipeline/pacedRuns.js';
import { applyStaged } from './stagedMemoryRun.js';
import { ExtractionOutcome } from './extractionOutcome.js';

/** The files a committed run took away (decision 93): a field the journal's read schema keeps as it is, checked here. */
function removedFiles(outcome: unknown): string[] {
  const parsed = ExtractionOutcome.pick({ removed: true }).safeParse(outcome);
  return parsed.success ? (parsed.data.removed ?? []).map((r) => r.file) : [];
}

export interface ExtractionRecovery {
  readonly memoryDir: string;
  readonly logPath: string;
  /** A run's staging copy, named for its session and run. */
  readonly stagingOf: (runId: string) => string;
  /** Runs whose request is in a submitted message batch: going on elsewhere, not interrupted. */
  readonly submitted: (record: RunStartedRecord) => boolean;
}

/**
 * What killed extraction runs left, through the journal's one recovery path (decision 74): a run
 * committed (`run_finished`) whose staged files were not all moved in is finished (`staged`: the
 * log reader keeps those commits whole as it streams); one begun and never committed is taken
 * back (its staged copy goes) and runs again at its place.
 */
export function recoverExtractionRuns(
  records: readonly EffectRecord[],
  staged: readonly CommitOf<'extraction'>[],
  recovery: ExtractionRecovery,
): Promise<Recovered> {
  const { begun } = unendedEntries(records, 'extraction', { applied: () => true, elsewhere: recovery.submitted });
  const steps = {
    finish: async (commit: CommitOf<'extraction'>) => {
      const files = (commit.outcome?.written ?? []).map((w) => w.file);
      const removed = removedFiles(commit.outcome);
      await applyStaged(recovery.stagingOf(commit.runId), recovery.memoryDir, files, removed);
      return [];
    },
    rollBack: rollBackRun((runId) => removeStagedDir(recovery.stagingOf(runId))),
  };
  return recoverJournal({ begun, committed: [...staged] }, steps, recovery.logPath);
}
