import { removeStagedDir } from '../../fs/stagedDir.js';
import { defineEffectJob, type Deferred, type EffectJob } from '../../pipeline/effectJob.js';
import { ExtractionRunOutcome } from '../../pipeline/runOutcomes.js';
import { applyStaged } from './stagedMemoryRun.js';

/** Where a session's extraction runs write: the memory directory, and each run's staged copy, named for its session and run. */
export interface ExtractionPlace {
  readonly memoryDir: string;
  readonly stagingOf: (runId: string) => string;
}

/**
 * An extraction run's steps the journal runs live and in recovery (decision 91): its apply (the
 * files it wrote moved in from its staged copy, the index last, then the files it moved away from
 * removed, decision 93) and its roll back (the copy goes).
 */
export function extractionSteps(place: ExtractionPlace): Pick<EffectJob<'extraction', never>, 'kind' | 'apply' | 'rollBack'> {
  return {
    kind: 'extraction',
    apply: async (commit) => {
      const files = (commit.outcome?.written ?? []).map((w) => w.file);
      const removed = (commit.outcome?.removed ?? []).map((r) => r.file);
      await applyStaged(place.stagingOf(commit.runId), place.memoryDir, files, removed);
    },
    rollBack: (begin) => removeStagedDir(place.stagingOf(begin.runId)),
  };
}

/** An extraction run as the journal runs it: the executor chosen once for the session (decision 75), then the steps above. */
export function extractionJob<I>(
  place: ExtractionPlace,
  execute: (input: I, runId: string) => Promise<ExtractionRunOutcome | Deferred>,
): EffectJob<'extraction', I> {
  return defineEffectJob({ ...extractionSteps(place), outcome: ExtractionRunOutcome, execute });
}
