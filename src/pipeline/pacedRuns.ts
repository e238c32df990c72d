import type { Decision, RunStart } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { isEnvironmentFault, RunInterruptedError } from '../fs/fsError.js';
import { appendEffectsSync, withoutInterrupted } from './effectLog.js';
import type { EffectRecord, LogPosition, RemoteRequest, RunStartedRecord } from './effectRecord.js';
import type { RunKind } from '../projections/decisions.js';
import { decisionRecord, nextRunId, runFailedRecord, runFinishedRecord, runInterruptedRecord, runRetriedRecord, runStartedRecord } from './effectRecords.js';
import { hasUuid } from '../transcript/entrySchema.js';
import { mergeByPosition } from './mergeByPosition.js';
import { createReplayDecider, recordedKinds, type PipelineEvent, type ReplaySettings, type ReplayState } from './replayDecider.js';

export interface PacedRun {
  readonly runId: string;
  readonly at: LogPosition;
  readonly ok: boolean;
  readonly outcome?: unknown;
  readonly error?: string;
  /** Handed to someone else to do (a message batch): started, still in flight, no end yet. */
  readonly deferred?: boolean;
}

/** What `execute` gives back: a result to record and apply, or word that the run goes on elsewhere. */
export type PacedResult = { readonly outcome: unknown; readonly apply: () => Promise<void> } | { readonly deferred: true };

export type PacedRunEvent =
  | { readonly type: 'started'; readonly runId: string; readonly at: LogPosition }
  | { readonly type: 'finished'; readonly runId: string; readonly outcome: unknown }
  | { readonly type: 'failed'; readonly runId: string; readonly error: string };

export interface PacedRunsOptions {
  readonly entries: readonly LogEntry[];
  /** The effect log as read (interrupted runs already recovered). */
  readonly records: readonly EffectRecord[];
  readonly logPath: string;
  readonly kind: RunKind;
  readonly settings?: ReplaySettings;
  /**
   * Does one run; `apply` runs after its outcome is in the log. A deferred run stays in flight:
   * its end is recorded later (e.g. when a batch result is collected), and until then the
   * triggers' later decisions coalesce behind it, as they would behind any slow run.
   */
  readonly execute: (start: RunStart, decisions: readonly Decision[], runId: string) => Promise<PacedResult>;
  /** Where a deferred run's request went (a message batch), for its run_started record. */
  readonly remote?: (runId: string, start: RunStart, decisions: readonly Decision[]) => RemoteRequest;
  readonly onRun?: (event: PacedRunEvent) => void;
  readonly signal?: AbortSignal;
}

const batchKey = (uuids: readonly (string | null)[]): string => uuids.join(' ');

/**
 * Runs, over a finished (or paused) transcript, every run of one kind that the triggers call for
 * and the effect log does not already have, each before the next entry is folded: so runs start
 * and end where a replay without an effect log assumes instant runs, and a replay with the log
 * gives the same decisions. Each run's records reach the log before its result is applied; a
 * run that throws is recorded as failed and changes nothing.
 */
export async function runPaced(options: PacedRunsOptions): Promise<PacedRun[]> {
  const { kind, logPath } = options;
  const records = withoutInterrupted(options.records);
  const known = new Set(records.flatMap((r) => (r.type === 'run_started' && r.run === kind ? [batchKey(r.batch.map((p) => p.uuid))] : [])));
  const runIds = new Set(options.records.flatMap((r) => (r.type === 'run_started' ? [r.runId] : [])));
  const decider = createReplayDecider({ ...options.settings, runs: [...new Set([...recordedKinds(records), kind])] });
  let state: ReplayState = decider.initialState();
  let at: LogPosition = { seq: -1, uuid: null };
  const runs: PacedRun[] = [];
  const due = new Map<string, Decision>();

  /**
   * Takes a run back (marked interrupted: as if never started). Best effort: should even this
   * record not reach the disk, the next build finds the run without an end and marks it so.
   */
  const withdraw = (runId: string, error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    try {
      appendEffectsSync(logPath, [runInterruptedRecord({ at, run: kind, runId, reason: message })]);
    } catch {
      // see above
    }
  };

  const runOne = async (start: RunStart): Promise<readonly EffectRecord[]> => {
    const runId = nextRunId(kind, start.seq, runIds);
    options.onRun?.({ type: 'started', runId, at });
    const decisions = start.batch.flatMap((uuid) => (due.has(uuid) ? [due.get(uuid)!] : []));
    const remote = options.remote?.(runId, start, decisions);
    const started = runStartedRecord({ at, run: kind, runId, batch: decisions.map((d) => ({ seq: d.seq, uuid: d.uuid })), trailing: start.trailing, ...(remote === undefined ? {} : { remote }) });
    appendEffectsSync(logPath, [...decisions.map(decisionRecord), started]);
    let result: PacedResult;
    try {
      result = await options.execute(start, decisions, runId);
    } catch (error) {
      if (options.signal?.aborted === true) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (isEnvironmentFault(error)) {
        // The machine failed the run (a full disk, an I/O error), not the model: it did not
        // happen. It runs again at this very place next time, so a rerun ends as an
        // uninterrupted build would; and nothing more is tried on a failing disk.
        withdraw(runId, error);
        options.onRun?.({ type: 'failed', runId, error: message });
        throw new RunInterruptedError(error);
      }
      const ended = runFailedRecord({ at, run: kind, runId, error: message });
      appendEffectsSync(logPath, [ended]);
      runs.push({ runId, at, ok: false, error: message });
      options.onRun?.({ type: 'failed', runId, error: message });
      return [started, ended];
    }
    if ('deferred' in result) {
      runs.push({ runId, at, ok: true, deferred: true });
      return [started];
    }
    const ended = runFinishedRecord({ at, run: kind, runId, outcome: result.outcome });
    appendEffectsSync(logPath, [ended]);
    // Recorded as finished, the run is done, as in a write-ahead log: should applying fail (the
    // disk), the error stops this build, and whoever uses the result next finishes the apply
    // from the staged copy first (notes: finishApplied; memory: applyStaged). Never a second
    // record for the same run.
    try {
      await result.apply();
    } catch (error) {
      throw new RunInterruptedError(error);
    }
    runs.push({ runId, at, ok: true, outcome: result.outcome });
    options.onRun?.({ type: 'finished', runId, outcome: result.outcome });
    return [started, ended];
  };

  const handle = async (made: readonly Decision[]): Promise<void> => {
    const queue = [...made];
    while (queue.length > 0) {
      const decision = queue.shift()!;
      if (decision.kind !== 'run_start') due.set(decision.uuid, decision);
      if (decision.kind !== 'run_start' || decision.run !== kind || known.has(batchKey(decision.batch))) continue;
      // The run's records go through the decider as a replay will read them from the log.
      for (const record of await runOne(decision)) {
        const [next, more] = decider.step(state, { source: 'effects', record });
        state = next;
        queue.push(...more);
      }
    }
  };

  for (const event of mergeByPosition(options.entries, records) as Iterable<PipelineEvent>) {
    if (event.source === 'transcript') at = { seq: event.event.seq, uuid: hasUuid(event.event.entry) ? event.event.entry.uuid : null };
    const [next, made] = decider.step(state, event);
    state = next;
    await handle(made);
  }
  return runs;
}

/**
 * Runs of this kind the log shows as started and never ended (the process died): recorded as
 * interrupted at their start, and `cleanup` is told of each (to remove what they left behind).
 * An interrupted run counts as never started (see `withoutInterrupted`): it runs again, at the
 * same place, so a build killed at any point ends as an uninterrupted one would.
 */
export async function recoverInterrupted(
  records: readonly EffectRecord[],
  kind: RunKind,
  logPath: string,
  cleanup: (runId: string) => Promise<void> = () => Promise.resolve(),
  /** Runs still going on elsewhere (a submitted message batch): not interrupted. */
  elsewhere: (record: RunStartedRecord) => boolean = () => false,
): Promise<EffectRecord[]> {
  const ended = new Set(records.flatMap((r) => (r.type === 'run_finished' || r.type === 'run_failed' ? [r.runId] : [])));
  const dangling = records.filter((r): r is RunStartedRecord => r.type === 'run_started' && r.run === kind && !ended.has(r.runId) && !elsewhere(r));
  const failed = dangling.map((r) => runInterruptedRecord({ at: r.at, run: r.run, runId: r.runId, reason: 'the run never recorded an end' }));
  for (const r of dangling) await cleanup(r.runId);
  appendEffectsSync(logPath, failed);
  return failed;
}


/**
 * The newest run of this kind, when it failed, taken back so it runs again at the same place: a
 * batch extraction rerun retries what failed last time (a key set since, a server back up)
 * instead of leaving a session's newest messages behind for good. An older failure needs no
 * retry: the cursor went back, so the next run covered its messages. The retried run gets a
 * `retried` record; its failure stays in the log as history.
 */
export function retryFailed(records: readonly EffectRecord[], kind: RunKind, logPath: string): EffectRecord[] {
  const retried = retryRecords(records, kind);
  appendEffectsSync(logPath, retried);
  return retried;
}

/** How often one place is retried across runs before its failure is left standing. */
export const MAX_RETRIES = 3;

/**
 * The `retried` record `retryFailed` would append: none when the newest run did not fail, or
 * when runs at its place were retried `MAX_RETRIES` times already (a request that always fails
 * would otherwise hold the session there for good; left failed, its messages fall to the
 * session's next run).
 */
export function retryRecords(records: readonly EffectRecord[], kind: RunKind): EffectRecord[] {
  const live = withoutInterrupted(records);
  const newest = live.filter((r): r is Extract<EffectRecord, { type: 'run_started' }> => r.type === 'run_started' && r.run === kind).at(-1);
  const failure = newest && live.find((r): r is Extract<EffectRecord, { type: 'run_failed' }> => r.type === 'run_failed' && r.runId === newest.runId);
  if (newest === undefined || failure === undefined) return [];
  const place = batchKey(newest.batch.map((p) => p.uuid));
  const retriedHere = new Set(records.flatMap((r) => (r.type === 'run_failed' && r.retried === true ? [r.runId] : [])));
  const earlier = records.filter((r) => r.type === 'run_started' && r.run === kind && retriedHere.has(r.runId) && batchKey(r.batch.map((p) => p.uuid)) === place).length;
  if (earlier >= MAX_RETRIES) return [];
  return [runRetriedRecord(failure)];
}
