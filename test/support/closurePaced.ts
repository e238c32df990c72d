import type { Decision, RunKind, RunStart } from '../../src/projections/decisions.js';
import { closureJob, type ClosureResult } from '../../src/pipeline/closureJob.js';
import { runPaced, type PacedRun, type PacedRunsOptions, type RunFold } from '../../src/pipeline/pacedRuns.js';

/** Paced-run options whose runs are a test's closures (an outcome and the apply that goes with it) instead of a declared job. */
export type ClosurePacedOptions<K extends RunKind> = Omit<PacedRunsOptions<K>, 'job'> & {
  readonly execute: (start: RunStart, decisions: readonly Decision[], runId: string) => Promise<ClosureResult<K>>;
};

/** `runPaced` for tests that hand each run's apply back as a closure (closureJob). */
export function runPacedClosures<K extends RunKind>(options: ClosurePacedOptions<K>): Promise<PacedRun<K>[]>;
export function runPacedClosures<A, K extends RunKind>(options: ClosurePacedOptions<K>, fold: RunFold<A, NoInfer<K>>): Promise<A>;
export function runPacedClosures<A, K extends RunKind>(options: ClosurePacedOptions<K>, fold?: RunFold<A, K>): Promise<A | PacedRun<K>[]> {
  const { execute, ...rest } = options;
  const job = closureJob(options.kind, ({ start, decisions }: { start: RunStart; decisions: readonly Decision[] }, runId) =>
    execute(start, decisions, runId),
  );
  return fold === undefined ? runPaced({ ...rest, job }) : runPaced({ ...rest, job }, fold);
}
