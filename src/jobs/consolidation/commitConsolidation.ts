import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { stagedDirPath } from '../../fs/stagedDir.js';
import { defineEffectJob, type EffectJob } from '../../pipeline/effectJob.js';
import { consolidationJournal } from '../../pipeline/entryJournals.js';
import { JOURNAL_KINDS } from '../../pipeline/journalKinds.js';
import { runEffect } from '../../pipeline/runEffect.js';
import { changeRecords, fileRecords, type ChangeRecord } from './changeRecords.js';
import { consolidationSteps } from './cutShort.js';

export interface Commit {
  readonly memoryDir: string;
  readonly logPath: string;
  readonly runId: string;
  /** The changes, as a plan (a consolidation) or as the records themselves (an undo, an accepted review); the files are staged already. */
  readonly plan: Pick<ConsolidationPlan, 'changes'> | { readonly records: readonly ChangeRecord[] };
  readonly writes: readonly string[];
  readonly removes: readonly string[];
  /** Backfill's candidate chunks the plan merges: consumed by this commit record. */
  readonly consumes?: readonly string[];
  /** When the plan was made (ISO), for `memlog memory log`. */
  readonly time?: string;
  /** `memlog undo`: the run this commit takes back. */
  readonly undoes?: string;
}

/**
 * Records a staged consolidation in the directory's log (its commit point: changes, reasons,
 * sources, the files to move and remove), then moves the files in and removes the others, and
 * records the end: the journal's driver running the consolidation job (decision 91), whose apply
 * step recovery also runs. Killed after the first record, the next run finishes it
 * (`finishCutShort`); killed before, the directory is as it was. Whichever planner made the plan,
 * this is the one way it reaches the directory.
 */
export async function commitConsolidation(commit: Commit): Promise<void> {
  await runEffect(consolidationJournal(commit.logPath, commit.runId), consolidationJob(commit.memoryDir), commit);
}

/** A consolidation as the journal runs it: the executor reads what the staged files change; the apply step moves them in. */
function consolidationJob(memoryDir: string): EffectJob<'consolidation', Commit> {
  return defineEffectJob({
    ...consolidationSteps(memoryDir),
    outcome: JOURNAL_KINDS.consolidation.outcome,
    execute: async (commit, runId) => ({
      changes: 'records' in commit.plan ? [...commit.plan.records] : changeRecords(commit.plan.changes),
      writes: [...commit.writes],
      removes: [...commit.removes],
      ...(commit.consumes === undefined ? {} : { consumes: [...commit.consumes] }),
      // The bytes before and after of every file it touches, for `memlog undo` (decision 79).
      files: await fileRecords(memoryDir, stagedDirPath(memoryDir, runId), commit.writes, commit.removes),
      ...(commit.time === undefined ? {} : { time: commit.time }),
      ...(commit.undoes === undefined ? {} : { undoes: commit.undoes }),
    }),
  });
}
