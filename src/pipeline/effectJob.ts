import type { z } from 'zod';
import type { JOURNAL_KINDS, JournalKind } from './journalKinds.js';
import type { BeginOf, CommitOf } from './unendedEntries.js';

/** What an entry of a kind commits: its kind's outcome schema, as written. */
export type OutcomeOf<K extends JournalKind> = z.output<(typeof JOURNAL_KINDS)[K]['outcome']>;

/** An executor's word that the work goes on elsewhere (a message batch): begun, and committed later. */
export interface Deferred {
  readonly deferred: true;
}

/**
 * A job as the journal runs it and recovers it (decision 91): its kind, its outcome schema (the
 * kind's own, from JOURNAL_KINDS), its executor and its apply step. The journal does the rest:
 * the begin, the commit, the end, and finishing or taking back what a killed process left.
 *
 * - `execute` does the work where nobody sees it (a model call into a staged copy) and gives the
 *   outcome; it is told the entry's id (a run's id names its staged copy). Undefined: committed
 *   with no outcome (a live run of a library caller's that records none; memlog's jobs always give one).
 * - `apply` makes a committed outcome true on disk (moves the staged copy in). The same step runs
 *   live, right after the commit, and in recovery for a commit a killed process never applied,
 *   so it must be idempotent.
 * - `rollBack` (recovery only): takes back what an entry begun and never committed left behind.
 */
export interface EffectJob<K extends JournalKind, I> {
  readonly kind: K;
  readonly outcome: (typeof JOURNAL_KINDS)[K]['outcome'];
  readonly execute: (input: I, entryId: string) => Promise<OutcomeOf<K> | Deferred | undefined>;
  readonly apply: (commit: CommitOf<K>) => Promise<void>;
  readonly rollBack?: (begin: BeginOf<K>) => Promise<void>;
}

/** A job declaration, checked against its kind: `defineEffectJob({ kind, outcome, execute, apply })`. */
export const defineEffectJob = <K extends JournalKind, I>(job: EffectJob<K, I>): EffectJob<K, I> => job;

export const isDeferred = (result: object | undefined): result is Deferred =>
  result !== undefined && 'deferred' in result && result.deferred === true;
