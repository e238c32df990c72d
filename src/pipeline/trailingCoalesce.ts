import { assertNever } from '../errors.js';

/**
 * What the coalescer knows: the batch of the run in flight (null when idle), the requests
 * waiting for the trailing run, and how many runs it has started. `pending` is empty
 * whenever `inFlight` is null.
 */
export interface TrailingState<T> {
  readonly inFlight: readonly T[] | null;
  readonly pending: readonly T[];
  readonly runs: number;
}

/** A request for a run, or the end of the run in flight. */
export type TrailingEvent<T> = { kind: 'requested'; value: T } | { kind: 'finished' } | { kind: 'failed' };

/** Start one run on `batch`; `trailing` when it merges requests that arrived during another run. */
export type TrailingStart<T> = { kind: 'start'; batch: readonly T[]; trailing: boolean };

/** The idle coalescer: nothing in flight, nothing pending. */
export function initialTrailingState<T>(): TrailingState<T> {
  return { inFlight: null, pending: [], runs: 0 };
}

/**
 * The pure model of `coalesceTrailing`: folds requests and run ends into the runs to start,
 * so replay reproduces every trailing run from the logs alone.
 *
 * A failed run's batch is not requeued: like a finished one, it only releases the pending
 * requests into a trailing run. Callers that want a retry request again.
 *
 * @example
 * const [state, decisions] = evolveTrailing(initialTrailingState<string>(), { kind: 'requested', value: 'a' });
 * // decisions: [{ kind: 'start', batch: ['a'], trailing: false }]
 */
export function evolveTrailing<T>(state: TrailingState<T>, event: TrailingEvent<T>): [TrailingState<T>, TrailingStart<T>[]] {
  switch (event.kind) {
    case 'requested': {
      if (state.inFlight !== null) return [{ ...state, pending: [...state.pending, event.value] }, []];
      const batch = [event.value];
      return [{ inFlight: batch, pending: state.pending, runs: state.runs + 1 }, [{ kind: 'start', batch, trailing: false }]];
    }
    case 'finished':
    case 'failed': {
      // A run end with nothing in flight is a stray record (for instance a replay that began
      // mid-run); there is nothing to release.
      if (state.inFlight === null) return [state, []];
      if (state.pending.length === 0) return [{ inFlight: null, pending: state.pending, runs: state.runs }, []];
      const batch = state.pending;
      return [{ inFlight: batch, pending: [], runs: state.runs + 1 }, [{ kind: 'start', batch, trailing: true }]];
    }
    default:
      return assertNever(event, 'coalesce event');
  }
}
