import { asyncScheduler, concat, connectable, defer, filter, from, ignoreElements, merge, mergeMap, Observable, Subject, type SchedulerLike } from 'rxjs';
import type { Decision } from '../projections/decisions.js';
import type { EffectRecord, LogPosition } from './effectRecord.js';
import { decisionRecord, nextRunId, runFailedRecord, runFinishedRecord, runStartedRecord } from './effectRecords.js';
import { coalesceTrailing } from './operators/coalesceTrailing.js';
import { runOf } from './runsByKind.js';
import { RUN_KINDS, type RunKind } from '../projections/decisions.js';

/** What a run produced, and how to apply it; `apply` runs only after the outcome is in the log. */
export interface RunResult {
  readonly outcome?: unknown;
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
 * The only place memlog acts on its decisions. Per kind of run, at most one in flight; due
 * decisions that arrive meanwhile become one trailing run (coalesceTrailing). Each run leaves
 * `run_started` in the effect log before it works, and `run_finished` (with its outcome) or
 * `run_failed` before anything is applied, so replaying the transcript with the effect log
 * reproduces every run, trailing ones included. Emits the records as they are written.
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
  const runOnce = (run: RunKind, batch: Decision[], trailing: boolean): Observable<EffectRecord[]> =>
    new Observable<EffectRecord[]>((subscriber) => {
      const done = (records: EffectRecord[]): void => {
        subscriber.next(records);
        subscriber.complete();
      };
      work(run, batch, trailing, done).catch((error: unknown) => subscriber.error(error));
    });

  const work = async (run: RunKind, batch: Decision[], trailing: boolean, done: (records: EffectRecord[]) => void): Promise<void> => {
    const positions = batch.map((d) => ({ seq: d.seq, uuid: d.uuid }));
    await applying.get(run);
    const at = position();
    const runId = nextRunId(run, at.seq, runIds);
    const started = runStartedRecord({ at, run, runId, batch: positions, trailing });
    record([started]);
    let ended: EffectRecord;
    let result: RunResult | undefined;
    try {
      result = await execute(run, batch, abort.signal, runId);
      ended = runFinishedRecord({ at: position(), run, runId, outcome: result.outcome });
    } catch (error) {
      ended = runFailedRecord({ at: position(), run, runId, error });
    }
    // Recording the end and completing the run happen in one synchronous step, so the trailing
    // run is released at exactly the position just recorded. Applying comes after the record,
    // and before the next run of this kind does anything.
    if (abort.signal.aborted) return; // unsubscribed: nothing more is recorded or applied
    record([ended]);
    if (ended.type === 'run_finished' && result?.apply) applying.set(run, result.apply().catch((error: unknown) => fatal(error)));
    done([started, ended]);
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
