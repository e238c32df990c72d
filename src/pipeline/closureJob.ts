import type { RunKind } from '../projections/decisions.js';
import { isDeferred, type Deferred, type EffectJob, type OutcomeOf } from './effectJob.js';
import { JOURNAL_KINDS } from './journalKinds.js';

/** What an executor that carries its own apply step gives back: an outcome and the closure that applies it, or word that it goes on elsewhere. */
export type ClosureResult<K extends RunKind> = { readonly outcome?: OutcomeOf<K>; readonly apply?: () => Promise<void> } | Deferred;

/**
 * A job from an executor that hands back its apply step as a closure (the live runner's `execute`,
 * which the library's callers write): the closure is kept by run id until the journal applies the
 * commit. Such an apply cannot be run again by the recovery path (a killed process loses the
 * closure), so memlog's own jobs declare their apply step instead (decision 91).
 */
export function closureJob<K extends RunKind, I>(
  kind: K,
  execute: (input: I, runId: string) => Promise<ClosureResult<K>>,
): EffectJob<K, I> {
  const applies = new Map<string, () => Promise<void>>();
  return {
    kind,
    outcome: JOURNAL_KINDS[kind].outcome,
    execute: async (input, runId) => {
      const result = await execute(input, runId);
      if (isDeferred(result)) return result;
      if (result.apply !== undefined) applies.set(runId, result.apply);
      return result.outcome;
    },
    apply: async (commit) => {
      const apply = applies.get(commit.runId);
      applies.delete(commit.runId);
      await apply?.();
    },
  };
}
