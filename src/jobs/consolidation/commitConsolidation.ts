import type { ConsolidationPlan } from '../../consolidation/consolidationPlan.js';
import { appendEffectsSync } from '../../pipeline/effectLog.js';
import { consolidationStartedRecord } from '../../pipeline/effectRecords.js';
import { changeRecords } from './changeRecords.js';
import { applyConsolidation } from './cutShort.js';

export interface Commit {
  readonly memoryDir: string;
  readonly logPath: string;
  readonly runId: string;
  /** Only its changes are recorded: the files are staged already. */
  readonly plan: Pick<ConsolidationPlan, 'changes'>;
  readonly writes: readonly string[];
  readonly removes: readonly string[];
  /** Backfill's candidate chunks the plan merges: consumed by this commit record. */
  readonly consumes?: readonly string[];
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
  const committed = consolidationStartedRecord({
    runId,
    changes: changeRecords(commit.plan.changes),
    writes,
    removes,
    ...(commit.consumes === undefined ? {} : { consumes: commit.consumes }),
  });
  appendEffectsSync(logPath, [committed]);
  appendEffectsSync(logPath, await applyConsolidation(memoryDir, committed));
}
