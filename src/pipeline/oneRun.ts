import { isEnvironmentFault, RunInterruptedError } from '../fs/fsError.js';
import type { RunKind } from '../projections/decisions.js';
import type { AnyRunOutcome } from './runOutcomes.js';
import type { EffectRecord, LogPosition, RemoteRequest, RunStartedRecord } from './effectRecord.js';
import { nextRunId, runFailedRecord, runFinishedRecord, runInterruptedRecord, runStartedRecord } from './effectRecords.js';

/**
 * The steps of one run, shared by the live runner (effects.ts: runs coalesced as decisions
 * arrive) and the paced runner (pacedRuns.ts: runs over a finished transcript, each before the
 * next entry is folded). The runners only schedule runs and react to how they end; what a run
 * records, and when, is decided here once:
 *
 * 1. `recordRunStart`: the run's id is picked and `run_started` recorded, before any work.
 * 2. `doRunWork`: the work is done (a model call, a memory edit); nothing is recorded meanwhile.
 * 3. `recordRunEnd`: the outcome is classified and the end recorded, before anything is applied.
 * 4. `apply` (finished runs only), by the runner: the next run of its kind waits for it.
 *
 * `recordRunStart` and `recordRunEnd` are synchronous on purpose: the live runner releases a
 * trailing run in the same tick the end is recorded, so no decision slips in between and a
 * replay coalesces exactly as the live run did.
 *
 * How a run ends (`RunEnd`):
 * - finished: `run_finished` with the outcome. The record is a commit (write-ahead): should the
 *   apply fail, it fails with RunInterruptedError and the record stands; whoever uses the result
 *   next finishes the apply from the staged copy.
 * - failed: the work threw (the model, the input): `run_failed`, nothing to apply, the runner goes on.
 * - interrupted: the machine failed the work (a full disk, EIO: isEnvironmentFault). Such a run
 *   did not happen: it is withdrawn (`run_failed` marked interrupted), runs again at the same
 *   place next time, and the runner stops with RunInterruptedError, trying nothing more on a
 *   failing disk. Live runs follow this rule too (decision 39): a live runner that
 *   went on after a withdrawn run would coalesce differently from a replay of its own log.
 * - deferred: the work goes on elsewhere (a message batch): no end yet; it is recorded when the
 *   result is collected.
 * - aborted: the runner's signal fired while the run worked: nothing more is recorded or
 *   applied. The log shows the run started and never ended, so the next build marks it
 *   interrupted and runs it again (recoverInterrupted).
 */

/** What a run's work gives back: an outcome to record and how to apply it, or word that it goes on elsewhere. */
export type RunWork<O extends AnyRunOutcome = AnyRunOutcome> =
  { readonly outcome?: O; readonly apply?: () => Promise<void> } | { readonly deferred: true };

export interface RunStartOptions {
  readonly run: RunKind;
  /** The seq the run's id is named by (`<kind>@<seq>`, see nextRunId). */
  readonly seq: number;
  /** Where the transcript stands as the run starts. */
  readonly at: LogPosition;
  /** The decisions the run serves (several when coalesced), by the entry that caused each. */
  readonly batch: readonly LogPosition[];
  readonly trailing: boolean;
  /** Run ids already in the log or given out; the new one is added. */
  readonly runIds: Set<string>;
  /** Appends records to the effect log, synchronously. */
  readonly record: (records: readonly EffectRecord[]) => void;
  /** Records written in the same append, before `run_started` (the paced runner's decisions). */
  readonly before?: readonly EffectRecord[];
  /** Where the run's request goes when it is answered elsewhere (a message batch). */
  readonly remote?: (runId: string) => RemoteRequest;
  /** Told the run's id before anything is recorded (progress output). */
  readonly onId?: (runId: string) => void;
  /** The trigger policy that decided the run, recorded with it. */
  readonly policy?: string;
}

export interface StartedRun {
  readonly run: RunKind;
  readonly runId: string;
  readonly started: RunStartedRecord;
}

/** Step 1: picks the run's id and records `run_started`. */
export function recordRunStart(options: RunStartOptions): StartedRun {
  const { run, at, record } = options;
  const runId = nextRunId(run, options.seq, options.runIds);
  options.onId?.(runId);
  const remote = options.remote?.(runId);
  const { batch, trailing } = options;
  const started = runStartedRecord({
    at,
    run,
    runId,
    batch,
    trailing,
    ...(remote === undefined ? {} : { remote }),
    ...(options.policy === undefined ? {} : { policy: options.policy }),
  });
  record([...(options.before ?? []), started]);
  return { run, runId, started };
}

export type WorkDone<O extends AnyRunOutcome = AnyRunOutcome> =
  { readonly ok: true; readonly work: RunWork<O> } | { readonly ok: false; readonly error: unknown };

/** Step 2: does the run's work; a throw (synchronous too) becomes a value for recordRunEnd to classify. */
export async function doRunWork<O extends AnyRunOutcome>(work: () => Promise<RunWork<O>>): Promise<WorkDone<O>> {
  try {
    return { ok: true, work: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** How a run ended; `records` are the run's records as a replay reads them from the log. */
export type RunEnd<O extends AnyRunOutcome = AnyRunOutcome> =
  | {
      readonly kind: 'finished';
      readonly records: readonly EffectRecord[];
      readonly outcome: O | undefined;
      readonly apply: () => Promise<void>;
    }
  | { readonly kind: 'failed'; readonly records: readonly EffectRecord[]; readonly error: string }
  | { readonly kind: 'interrupted'; readonly message: string; readonly error: RunInterruptedError }
  | { readonly kind: 'deferred'; readonly records: readonly EffectRecord[] }
  | { readonly kind: 'aborted'; readonly error: unknown };

export interface RunEndOptions {
  /** Where the transcript stands as the run ends. */
  readonly at: LogPosition;
  readonly record: (records: readonly EffectRecord[]) => void;
  readonly signal?: AbortSignal;
  /** The end was recorded after the log, ending at `at`, was read to its end (a message-batch run collected later). */
  readonly afterEnd?: boolean;
}

/** Step 3: classifies how the run ended and records it (see the module comment for each way). */
export function recordRunEnd<O extends AnyRunOutcome>(run: StartedRun, settled: WorkDone<O>, options: RunEndOptions): RunEnd<O> {
  const { at, record } = options;
  const ids = { at, run: run.run, runId: run.runId };
  const placed = { ...ids, ...(options.afterEnd === true ? { afterEnd: true } : {}) };
  if (options.signal?.aborted === true) return { kind: 'aborted', error: settled.ok ? options.signal.reason : settled.error };
  if (!settled.ok) {
    const message = errorText(settled.error);
    if (isEnvironmentFault(settled.error)) {
      withdraw(record, runInterruptedRecord({ ...ids, reason: message }));
      return { kind: 'interrupted', message, error: new RunInterruptedError(settled.error) };
    }
    const failed = runFailedRecord({ ...placed, error: message });
    record([failed]);
    return { kind: 'failed', records: [run.started, failed], error: message };
  }
  const { work } = settled;
  if ('deferred' in work) return { kind: 'deferred', records: [run.started] };
  const finished = runFinishedRecord({ ...placed, ...(work.outcome === undefined ? {} : { outcome: work.outcome }) });
  record([finished]);
  return { kind: 'finished', records: [run.started, finished], outcome: work.outcome, apply: () => applyWork(work.apply) };
}

/**
 * Best effort: should even this record not reach the disk, the next build finds the run without
 * an end and marks it interrupted itself (recoverInterrupted).
 */
function withdraw(record: (records: readonly EffectRecord[]) => void, interrupted: EffectRecord): void {
  try {
    record([interrupted]);
  } catch {
    // see above
  }
}

/** Starts `apply` at once (the live runner calls this in the tick the end is recorded); a failure is the machine's. */
async function applyWork(apply: (() => Promise<void>) | undefined): Promise<void> {
  try {
    await apply?.();
  } catch (error) {
    throw new RunInterruptedError(error);
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
