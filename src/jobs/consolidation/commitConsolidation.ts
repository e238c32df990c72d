import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { stagedDirPath } from '../../fs/stagedDir.js';
import { consolidationStartedRecord } from '../../pipeline/effectRecords.js';
import { changeRecords, fileRecords, type ChangeRecord } from './changeRecords.js';
import { applyConsolidation } from './cutShort.js';

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
 * records the end: the journal's commit, then the apply step recovery also runs (decision 74).
 * Killed after the first record, the next run finishes it (`finishCutShort`);
 * killed before, the directory is as it was. Whichever planner made the plan, this is the one
 * way it reaches the directory.
 */
export async function commitConsolidation(commit: Commit): Promise<void> {
  const { memoryDir, logPath, runId, writes, removes } = commit;
  // The bytes before and after of every file it touches, for `memlog undo` (decision 79).
  const files = await fileRecords(memoryDir, stagedDirPath(memoryDir, runId), writes, removes);
  const committed = consolidationStartedRecord({
    runId,
    changes: 'records' in commit.plan ? [...commit.plan.records] : changeRecords(commit.plan.changes),
    writes,
    removes,
    ...(commit.consumes === undefined ? {} : { consumes: commit.consumes }),
    files,
    ...(commit.time === undefined ? {} : { time: commit.time }),
    ...(commit.undoes === undefined ? {} : { undoes: commit.undoes }),
  });
  appendEffectsSync(logPath, [committed]);
  appendEffectsSync(logPath, await applyConsolidation(memoryDir, committed));
}
