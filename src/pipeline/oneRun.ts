import { RunInterruptedError } from '../fs/fsError.js';
import type { RunKind } from '../projections/decisions.js';
import type { EffectRecord, LogPosition, RemoteRequest, RunFinishedRecord, RunStartedRecord } from './effectRecord.js';
import { nextRunId, runFailedRecord, runFinishedRecord, runInterruptedRecord, runStartedRecord } from './effectRecords.js';
import type { EffectEnd, EffectJournal } from './runEffect.js';
import type { BeginOf, CommitOf } from './unendedEntries.js';

/**
 * A run's journal (decision 91), shared by the live runner (effects.ts: runs coalesced as
 * decisions arrive), the paced runner (pacedRuns.ts: runs over a finished transcript, each before
 * the next entry is folded) and a message-batch run collected later. The runners only schedule
 * runs and react to how they end; what a run records, and when, is decided here and in the
 * journal's driver (`runEffect`):
 *
 * 1. begin: the run's id is picked and `run_started` recorded, before any work.
 * 2. the executor does the work (a model call into a staged copy); nothing is recorded meanwhile.
 * 3. commit: `run_finished` with the outcome, before anything is applied; or the failure.
 * 4. apply: the job's apply step (the next run of its kind waits for it); a run has no end record.
 *
 * The records are written synchronously on purpose: the live runner releases a trailing run in
 * the same tick the end is recorded (`settled`), so no decision slips in between and a replay
 * coalesces exactly as the live run did.
 *
 * How a run ends (`EffectEnd`):
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

export interface RunStartOptions<K extends RunKind = RunKind> {
  readonly run: K;
  /** The seq the run's id is named by (`<kind>@<seq>`, see nextRunId). */
  readonly seq: number;
  /** Where the transcript stands as the run starts. */
  readonly at: LogPosition;
  /** The decisions the run serves (several when coalesced), by the entry that caused each. */
  readonly batch: readonly LogPosition[];
  readonly trailing: boolean;
  /** Run ids already in the log or given out; the new one is added. */
  readonly runIds: Set<string>;
  /** Records written in the same append, before `run_started` (the paced runner's decisions). */
  readonly before?: readonly EffectRecord[];
  /** Where the run's request goes when it is answered elsewhere (a message batch). */
  readonly remote?: (runId: string) => RemoteRequest;
  /** Told the run's id before anything is recorded (progress output). */
  readonly onId?: (runId: string) => void;
  /** The trigger policy that decided the run, recorded with it. */
  readonly policy?: string;
}

export interface RunEndOptions<K extends RunKind> {
  /** Appends records to the effect log, synchronously. */
  readonly record: (records: readonly EffectRecord[]) => void;
  /** Where the transcript stands as the run ends. */
  readonly endAt: () => LogPosition;
  readonly signal?: AbortSignal;
  /** The end was recorded after the log, ending at `endAt`, was read to its end (a message-batch run collected later). */
  readonly afterEnd?: boolean;
  /** Told in the tick the run's end is recorded, before its apply. */
  readonly settled?: (end: EffectEnd<K>) => void;
}

/** The journal of a new run: its id picked now, `run_started` recorded at its begin. */
export function runJournal<K extends RunKind>(start: RunStartOptions<K>, end: RunEndOptions<K>): EffectJournal<K> {
  const { run } = start;
  const runId = nextRunId(run, start.seq, start.runIds);
  const begin = () => {
    start.onId?.(runId);
    const remote = start.remote?.(runId);
    const started = runStartedRecord({
      at: start.at,
      run,
      runId,
      batch: start.batch,
      trailing: start.trailing,
      ...(remote === undefined ? {} : { remote }),
      ...(start.policy === undefined ? {} : { policy: start.policy }),
    });
    return { begun: beginOfKind(run, started), write: [...(start.before ?? []), started] };
  };
  return endedRun(run, runId, begin, end);
}

/** The journal of a run an earlier process began (a message-batch run collected now): nothing more is recorded for its begin. */
export function resumedRunJournal<K extends RunKind>(run: K, started: RunStartedRecord, end: RunEndOptions<K>): EffectJournal<K> {
  const begun = beginOfKind(run, started);
  return endedRun(run, started.runId, () => ({ begun, write: [] }), end);
}

function endedRun<K extends RunKind>(run: K, runId: string, begin: EffectJournal<K>['begin'], options: RunEndOptions<K>): EffectJournal<K> {
  const { endAt } = options;
  const placed = () => ({ at: endAt(), run, runId, ...(options.afterEnd === true ? { afterEnd: true } : {}) });
  return {
    id: runId,
    record: options.record,
    begin,
    commit: (outcome) => commitOfKind(run, runFinishedRecord({ ...placed(), ...(outcome === undefined ? {} : { outcome }) })),
    failed: (_begun, error, interrupted) =>
      interrupted ? runInterruptedRecord({ at: endAt(), run, runId, reason: error }) : runFailedRecord({ ...placed(), error }),
    applyFailure: (error) => new RunInterruptedError(error),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.settled === undefined ? {} : { settled: options.settled }),
  };
}

/** A run's records narrowed to its kind: every runner makes records of the kind it runs. */
function beginOfKind<K extends RunKind>(run: K, record: RunStartedRecord): BeginOf<K> {
  if (!isBeginOf(run, record)) throw new TypeError(`a ${run} run made a ${record.run} record`);
  return record;
}
const isBeginOf = <K extends RunKind>(run: K, record: EffectRecord): record is BeginOf<K> =>
  record.type === 'run_started' && record.run === run;
function commitOfKind<K extends RunKind>(run: K, record: RunFinishedRecord): CommitOf<K> {
  if (!isCommitOf(run, record)) throw new TypeError(`a ${run} run made a ${record.run} record`);
  return record;
}
const isCommitOf = <K extends RunKind>(run: K, record: EffectRecord): record is CommitOf<K> =>
  record.type === 'run_finished' && record.run === run;
