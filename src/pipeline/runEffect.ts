import { isEnvironmentFault, RunInterruptedError } from '../fs/fsError.js';
import type { EffectRecord } from './effectRecord.js';
import { isDeferred, type Deferred, type EffectJob, type OutcomeOf } from './effectJob.js';
import { JOURNAL_ENDS } from './journalEnds.js';
import type { JournalKind } from './journalKinds.js';
import type { BeginOf, CommitOf } from './unendedEntries.js';

/**
 * Where one entry of a kind is recorded, and how its records look (decision 91): made by the
 * caller for each entry (a run's journal knows its place in the transcript, a consolidation's its
 * directory's log), handed to `runEffect` with the job.
 */
export interface EffectJournal<K extends JournalKind> {
  /** Appends records to the log, synchronously, as whole lines. */
  readonly record: (records: readonly EffectRecord[]) => void;
  /** The entry's id: a run's or consolidation's id, a chunk's id. */
  readonly id: string;
  /**
   * The entry's begin record and what to append for it (notes before it, such as the decisions a
   * run serves; nothing when an earlier process recorded it), or null for a kind that commits as
   * it begins (staged first: consolidation, `memlog compact`, a chunk's candidates).
   */
  readonly begin: () => { readonly begun: BeginOf<K>; readonly write: readonly EffectRecord[] } | null;
  /** The commit record, carrying the outcome. */
  readonly commit: (outcome: OutcomeOf<K> | undefined, begun: BeginOf<K> | null) => CommitOf<K>;
  /** The record that ends a begun entry whose executor failed (marked interrupted when the machine failed it: it runs again). */
  readonly failed: (begun: BeginOf<K>, error: unknown, interrupted: boolean) => EffectRecord;
  /** Aborted while the executor worked: nothing more is recorded or applied. */
  readonly signal?: AbortSignal;
  /** Told in the same tick the entry settled (its commit or failure recorded), before the apply: the live runner releases its trailing run there. */
  readonly settled?: (end: EffectEnd<K>) => void;
  /** What an apply's failure becomes (a run's: RunInterruptedError, the machine's); as it is when absent. */
  readonly applyFailure?: (error: unknown) => unknown;
}

/** How an entry ended; `records` are its records as a replay reads them from the log. */
export type EffectEnd<K extends JournalKind> =
  | {
      readonly kind: 'finished';
      readonly records: readonly EffectRecord[];
      readonly outcome: OutcomeOf<K> | undefined;
      readonly commit: CommitOf<K>;
    }
  | { readonly kind: 'failed'; readonly records: readonly EffectRecord[]; readonly error: string }
  | { readonly kind: 'interrupted'; readonly message: string; readonly error: RunInterruptedError }
  | { readonly kind: 'deferred'; readonly records: readonly EffectRecord[] }
  | { readonly kind: 'aborted'; readonly error: unknown };

type Settled<K extends JournalKind> =
  { readonly ok: true; readonly value: OutcomeOf<K> | Deferred | undefined } | { readonly ok: false; readonly error: unknown };

/**
 * The journal's driver (decision 91): records the begin, runs the executor, records the commit
 * with the outcome (checked against the kind's schema), runs the apply step, records the end.
 * An executor that throws after the begin ends the entry as failed (a value, the caller goes on),
 * or, when the machine failed it (a full disk), withdraws it (interrupted: it runs again at its
 * place). A kind that commits as it begins has nothing recorded before its commit, so an
 * executor's throw is the caller's. An apply that fails leaves the commit standing: the recovery
 * path runs the same apply step next time.
 */
export async function runEffect<K extends JournalKind, I>(
  journal: EffectJournal<K>,
  job: EffectJob<K, I>,
  input: I,
): Promise<EffectEnd<K>> {
  const begin = journal.begin();
  let settled: Settled<K>;
  if (begin === null) settled = { ok: true, value: await job.execute(input, journal.id) };
  else {
    if (begin.write.length > 0) journal.record(begin.write);
    settled = await attempt(() => job.execute(input, journal.id));
  }
  const end = settle(journal, job, begin?.begun ?? null, settled);
  journal.settled?.(end);
  if (end.kind === 'finished') await applyCommitted(journal, job, end.commit);
  return end;
}

async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Classifies how the executor ended and records it, synchronously. */
function settle<K extends JournalKind>(
  journal: EffectJournal<K>,
  job: Pick<EffectJob<K, never>, 'kind' | 'outcome' | 'apply'>,
  begun: BeginOf<K> | null,
  settled: Settled<K>,
): EffectEnd<K> {
  if (journal.signal?.aborted === true) return { kind: 'aborted', error: settled.ok ? journal.signal.reason : settled.error };
  if (!settled.ok) return begun === null ? raise(settled.error) : fail(journal, begun, settled.error);
  const { value } = settled;
  if (isDeferred(value)) {
    if (begun === null) throw new TypeError(`a ${job.kind} entry cannot go on elsewhere: nothing was begun`);
    return { kind: 'deferred', records: [begun] };
  }
  if (value !== undefined && !job.outcome.safeParse(value).success)
    throw new TypeError(`a ${job.kind} entry's outcome does not fit its kind's schema`);
  const commit = journal.commit(value, begun);
  journal.record([commit]);
  return { kind: 'finished', records: begun === null ? [commit] : [begun, commit], outcome: value, commit };
}

const raise = (error: unknown): never => {
  throw error;
};

function fail<K extends JournalKind>(journal: EffectJournal<K>, begun: BeginOf<K>, error: unknown): EffectEnd<K> {
  const message = errorText(error);
  if (isEnvironmentFault(error)) {
    withdraw(journal, journal.failed(begun, error, true));
    return { kind: 'interrupted', message, error: new RunInterruptedError(error) };
  }
  const failed = journal.failed(begun, error, false);
  journal.record([failed]);
  return { kind: 'failed', records: [begun, failed], error: message };
}

/** Best effort: should even this record not reach the disk, the next build finds the entry unended and takes it back itself. */
function withdraw<K extends JournalKind>(journal: EffectJournal<K>, withdrawal: EffectRecord): void {
  try {
    journal.record([withdrawal]);
  } catch {
    // see above
  }
}

/** The apply step, then the records that end the entry (none for a run: its staged copy's absence says it). */
async function applyCommitted<K extends JournalKind>(
  journal: EffectJournal<K>,
  job: Pick<EffectJob<K, never>, 'kind' | 'outcome' | 'apply'>,
  commit: CommitOf<K>,
): Promise<void> {
  try {
    await job.apply(commit);
  } catch (error) {
    throw journal.applyFailure === undefined ? error : journal.applyFailure(error);
  }
  const ended = JOURNAL_ENDS[job.kind].ended(commit);
  if (ended.length > 0) journal.record(ended);
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
