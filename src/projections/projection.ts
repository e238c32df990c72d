import type { LogEntry } from '../transcript/logEntry.js';

/**
 * A pure fold over the log: a fresh initial state, an evolve that returns the same reference
 * when an entry changes nothing, and a version that forces a rebuild when the logic changes.
 */
export interface Projection<S, E = LogEntry> {
  readonly name: string;
  readonly version: number;
  readonly initialState: () => S;
  readonly evolve: (state: S, event: E) => S;
}

/** Identity helper that types a projection record. */
export function defineProjection<S, E = LogEntry>(projection: Projection<S, E>): Projection<S, E> {
  return projection;
}

/** Folds events in one go; the batch form of what the pipeline does with `scan`. */
export function foldAll<S, E>(projection: Projection<S, E>, events: Iterable<E>, state: S = projection.initialState()): S {
  let current = state;
  for (const event of events) current = projection.evolve(current, event);
  return current;
}
