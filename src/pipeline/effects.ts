import {
  asyncScheduler,
  concat,
  connectable,
  defer,
  filter,
  from,
  ignoreElements,
  merge,
  mergeMap,
  Observable,
  Subject,
  type SchedulerLike,
} from 'rxjs';
import type { Decision } from '../projections/decisions.js';
import type { AnyRunOutcome } from './runOutcomes.js';
import type { EffectRecord, LogPosition } from './effectRecord.js';
import { decisionRecord } from './effectRecords.js';
import { closureJob } from './closureJob.js';
import { runJournal } from './oneRun.js';
import { runEffect, type EffectEnd } from './runEffect.js';
import { coalesceTrailing } from './operators/coalesceTrailing.js';
import { runOf } from './runsByKind.js';
import { RUN_KINDS, type RunKind } from '../projections/decisions.js';

/** What a run produced, and how to apply it; `apply` runs only after the outcome is in the log. */
export interface RunResult {
  readonly outcome?: AnyRunOutcome;
  readonly apply?: () => Promise<void>;
}

export interface EffectRunnerOptions {
  /**
   * Does the work of a run (a model call, a memory edit) for the decisions it serves; `signal`
   * aborts when the runner is unsubscribed. `runId` is the run's id in the log (what a crashed
   * run's leftovers are named by, so the next run can find them).
   */
  readonly execute: (run: RunKind, batch: readonly Decision[], signal: AbortSignal, runId: string) => Promise<RunResult>;
  /**
   * Appends records to memlog's effect log, synchronously: a run's end is recorded in the same
   * tick as the transcript position it names, so no decision can slip in between and a replay
   * coalesces exactly as the live run did.
   */
  readonly record: (records: readonly EffectRecord[]) => void;
  /** Where the transcript stands now (the last entry folded). */
  readonly position: () => LogPosition;
  readonly scheduler?: SchedulerLike;
}

/**
 * Acts on decisions as a live session makes them. Per kind of run, at most one in flight; due
 * decisions that arrive meanwhile become one trailing run (coalesceTrailing). Each run records
 * its start and end through the run steps of oneRun.ts (as the paced runner's do), so
 * replaying the transcript with the effect log reproduces every run, trailing ones included.
 * A run the machine fails (a full disk) is withdrawn and stops the runner, as does an apply
 * that fails; both with RunInterruptedError. Emits the records as they are written.
 */
export function runEffects(decisions: Observable<Decision>, options: EffectRunnerOptions): Observable<EffectRecord> {
  const { execute, record, position, scheduler = asyncScheduler } = options;
  const abort = new AbortController();
  let fatal: (error: unknown) => void = () => undefined;
  // One subscription to the decisions for all kinds of run: a synchronous source would otherwise run once per kind.
  const shared = connectable(decisions, { connector: () => new Subject<Decision>(), resetOnDisconnect: false });
  const runIds = new Set<string>();
  /** The apply step of each kind's last run: the next run of that kind waits for it. */
  const applying = new Map<RunKind, Promise<void>>();
  const perKind = (run: RunKind): Observable<EffectRecord> =>
    shared.pipe(
      filter((decision) => runOf(decision) === run),
      coalesceTrailing((batch: Decision[], { trailing }) => runOnce(run, batch, trailing), scheduler),
      mergeMap((records) => from(records)),
    );

  /** One run as an Observable that completes in the same tick its end is recorded. */
  const runOnce = (run: RunKind, batch: Decision[], trailing: boolean): Observable<readonly EffectRecord[]> =>
    new Observable<readonly EffectRecord[]>((subscriber) => {
      const done = (records: readonly EffectRecord[]): void => {
        subscriber.next(records);
        subscriber.complete();
      };
      work(run, batch, trailing, done).catch((error: unknown) => subscriber.error(error));
    });

  /** Each kind's job: the runner's `execute`, its apply closure kept until the journal applies the commit. */
  const jobs = new Map(
    RUN_KINDS.map((run) => [
      run,
      closureJob(run, ({ batch }: { readonly batch: readonly Decision[] }, runId) => execute(run, batch, abort.signal, runId)),
    ]),
  );

  const work = async (
    run: RunKind,
    batch: Decision[],
    trailing: boolean,
    done: (records: readonly EffectRecord[]) => void,
  ): Promise<void> => {
    await applying.get(run);
    const at = position();
    const start = { run, seq: at.seq, at, batch: batch.map((d) => ({ seq: d.seq, uuid: d.uuid })), trailing, runIds };
    // Recording the end and completing the run happen in one synchronous step (`settled`), so the
    // trailing run is released at exactly the position just recorded. Applying comes after the
    // record, and before the next run of this kind does anything.
    let committed = false;
    const settled = (end: EffectEnd<RunKind>): void => {
      committed = end.kind === 'finished';
      if (committed)
        applying.set(
          run,
          ended.then(() => undefined, fatal),
        );
      if (end.kind === 'finished' || end.kind === 'failed' || end.kind === 'deferred') done(end.records);
    };
    const journal = runJournal(start, { record, endAt: position, signal: abort.signal, settled });
    const job = jobs.get(run);
    if (job === undefined) throw new TypeError(`no job for ${run} runs`);
    const ended = runEffect(journal, job, { batch });
    // An apply that fails is the `applying` promise's to report; anything before the commit is this run's.
    const end = await ended.catch((error: unknown) => {
      if (committed) return null;
      throw error;
    });
    if (end?.kind === 'interrupted') throw end.error; // withdrawn: the runner stops, and the run is redone at its place
  };

  /** Every decision goes into the log as it is made (a skip too), before any run it causes. */
  const decided = shared.pipe(
    mergeMap((decision) => {
      const record_ = decisionRecord(decision);
      record([record_]);
      return [record_];
    }),
  );
  const allApplied = defer(() => Promise.all(applying.values())).pipe(ignoreElements());
  return new Observable<EffectRecord>((subscriber) => {
    // An apply that fails after its record stops the runner: the log says "finished" for an
    // outcome that is not on disk, and a person has to look.
    fatal = (error) => subscriber.error(error);
    const subscription = concat(merge(decided, ...RUN_KINDS.map(perKind)), allApplied).subscribe(subscriber);
    subscription.add(shared.connect());
    subscription.add(() => abort.abort());
    return subscription;
  });
}
