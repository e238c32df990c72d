import type { Decision, ExtractionSkipped, RunStart } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { appendEffectsSync, withoutInterrupted } from './effectLog.js';
import type { EffectRecord, LogPosition, RemoteRequest, RunStartedRecord } from './effectRecord.js';
import type { RunKind } from '../projections/decisions.js';

import { decisionRecord, runInterruptedRecord, runRetriedRecord } from './effectRecords.js';
import type { EffectJob, OutcomeOf } from './effectJob.js';
import { runJournal } from './oneRun.js';
import { runEffect } from './runEffect.js';
import { hasUuid } from '../transcript/entrySchema.js';
import { mergeByPosition } from './mergeByPosition.js';
import { recoverJournal } from './recoverJournal.js';
import { unendedEntries } from './unendedEntries.js';
import { createReplayDecider, recordedKinds, type PipelineEvent, type ReplaySettings, type ReplayState } from './replayDecider.js';

export interface PacedRun<K extends RunKind = RunKind> {
  readonly runId: string;
  readonly at: LogPosition;
  readonly ok: boolean;
  readonly outcome?: OutcomeOf<K> | undefined;
  readonly error?: string;
  /** Handed to someone else to do (a message batch): started, still in flight, no end yet. */
  readonly deferred?: boolean;
}

/** What a paced run's job is given: where it starts, and the decisions it serves. */
export interface PacedInput {
  readonly start: RunStart;
  readonly decisions: readonly Decision[];
}

export type PacedRunEvent<K extends RunKind = RunKind> =
  | { readonly type: 'started'; readonly runId: string; readonly at: LogPosition }
  | { readonly type: 'finished'; readonly runId: string; readonly outcome: OutcomeOf<K> | undefined }
  | { readonly type: 'failed'; readonly runId: string; readonly error: string };

export interface PacedRunsOptions<K extends RunKind = RunKind> {
  /** Walked once, in order: a stream will do. */
  readonly entries: Iterable<LogEntry>;
  /** The effect log as read (interrupted runs already recovered). */
  readonly records: readonly EffectRecord[];
  readonly logPath: string;
  readonly kind: K;
  readonly settings?: ReplaySettings;
  /**
   * The runs' job (decision 91): its executor does one run, its apply step runs after the
   * outcome is in the log. A deferred run stays in flight: its end is recorded later (e.g. when a
   * batch result is collected), and until then the triggers' later decisions coalesce behind it,
   * as they would behind any slow run.
   */
  readonly job: EffectJob<K, PacedInput>;
  /** Where a deferred run's request went (a message batch), for its run_started record. */
  readonly remote?: (runId: string, start: RunStart, decisions: readonly Decision[]) => RemoteRequest;
  readonly onRun?: (event: PacedRunEvent<K>) => void;
  readonly signal?: AbortSignal;
  /**
   * Record each extraction skip (a gate's decision) in the effect log as it is made, once: a
   * skip already recorded there is not recorded again. Told of each one recorded now.
   */
  readonly recordSkips?: (skip: ExtractionSkipped) => void;
}

/**
 * How runPaced sums up its runs: each one is folded in as it ends, so a caller that needs a
 * tally (the extract's report) keeps a tally, not every run's outcome (decision 60: a 2 GB session
 * makes some 40,000 runs). `initial` is a function, so every call starts from a fresh value.
 */
export interface RunFold<A, K extends RunKind = RunKind> {
  readonly initial: () => A;
  readonly step: (acc: A, run: PacedRun<K>) => A;
}

/** Every run, in order: for callers whose runs are few (session notes) or who need them all (tests). */
const everyRun = <K extends RunKind>(): RunFold<PacedRun<K>[], K> => ({
  initial: () => [],
  step: (acc, run) => {
    acc.push(run); // the list is this call's own: growing it in place keeps the fold linear
    return acc;
  },
});

/**
 * A record as the paced runs and the recovery steps before them read it, or null for one none
 * of them reads: a finished run's outcome shrinks to the first look's decline (what the decider
 * asks of it), and the decisions go except the gates' skips (kept so none is recorded twice). A
 * rerun over a long session's log keeps that much (the 2 GB corpus's per-turn log: 120,777
 * records; decision 60). Whoever needs an outcome in full (finishing a run's staged files) reads it
 * before this.
 */
export function pacingRecord(record: EffectRecord): EffectRecord | null {
  if (record.type === 'decision') return record.decision.kind === 'extraction_skipped' ? record : null;
  if (record.type !== 'run_finished') return record;
  if (record.outcome === undefined) return record;
  const { outcome: _, ...rest } = record;
  // Typed by the run's kind (decision 74): only an extraction run's outcome says a first look declined it.
  if (record.run === 'extraction' && record.outcome.declined === 'first_look')
    return { ...rest, run: 'extraction', outcome: { declined: 'first_look' } };
  return rest;
}

const batchKey = (uuids: readonly (string | null)[]): string => uuids.join(' ');

/**
 * Runs, over a finished (or paused) transcript, every run of one kind that the triggers call for
 * and the effect log does not already have, each before the next entry is folded: so runs start
 * and end where a replay without an effect log assumes instant runs, and a replay with the log
 * gives the same decisions. Each run goes through the run steps of oneRun.ts (as the live
 * runner's do): its records reach the log before its result is applied; a run that throws is
 * recorded as failed and changes nothing; a run the machine fails (a full disk) is withdrawn and
 * stops this build with RunInterruptedError, as does an apply that fails.
 */
export function runPaced<K extends RunKind>(options: PacedRunsOptions<K>): Promise<PacedRun<K>[]>;
export function runPaced<A, K extends RunKind>(options: PacedRunsOptions<K>, fold: RunFold<A, NoInfer<K>>): Promise<A>;
export async function runPaced<A, K extends RunKind>(options: PacedRunsOptions<K>, fold?: RunFold<A, K>): Promise<A | PacedRun<K>[]> {
  return fold === undefined ? runPacedFolded(options, everyRun<K>()) : runPacedFolded(options, fold);
}

async function runPacedFolded<A, K extends RunKind>(options: PacedRunsOptions<K>, fold: RunFold<A, K>): Promise<A> {
  const { kind, logPath } = options;
  const records = withoutInterrupted(options.records);
  const known = new Set(records.flatMap((r) => (r.type === 'run_started' && r.run === kind ? [batchKey(r.batch.map((p) => p.uuid))] : [])));
  const runIds = new Set(options.records.flatMap((r) => (r.type === 'run_started' ? [r.runId] : [])));
  const decider = createReplayDecider({ ...options.settings, runs: [...new Set([...recordedKinds(records), kind])] });
  let state: ReplayState = decider.initialState();
  let at: LogPosition = { seq: -1, uuid: null };
  let tally = fold.initial();
  const ended = (run: PacedRun<K>): void => {
    tally = fold.step(tally, run);
  };
  const due = new Map<string, Decision>();
  const skipKey = (d: { uuid: string; reason: string }): string => `${d.uuid} ${d.reason}`;
  const skipsRecorded = new Set(
    records.flatMap((r) => (r.type === 'decision' && r.decision.kind === 'extraction_skipped' ? [skipKey(r.decision)] : [])),
  );

  const append = (made: readonly EffectRecord[]): void => appendEffectsSync(logPath, made);
  const runOne = async (start: RunStart): Promise<readonly EffectRecord[]> => {
    const decisions = start.batch.flatMap((uuid) => (due.has(uuid) ? [due.get(uuid)!] : []));
    const { remote } = options;
    const journal = runJournal(
      {
        run: kind,
        seq: start.seq,
        at,
        batch: decisions.map((d) => ({ seq: d.seq, uuid: d.uuid })),
        trailing: start.trailing,
        runIds,
        before: decisions.map(decisionRecord),
        onId: (id) => options.onRun?.({ type: 'started', runId: id, at }),
        ...(options.settings?.policy === undefined ? {} : { policy: options.settings.policy }),
        ...(remote === undefined ? {} : { remote: (id: string) => remote(id, start, decisions) }),
      },
      { record: append, endAt: () => at, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    );
    const runId = journal.id;
    // Recorded as finished, the run is done, as in a write-ahead log: should applying fail (the
    // disk), the error stops this build, and whoever uses the result next finishes the apply
    // from the staged copy first (the job's own apply step, by the recovery path). Never a
    // second record for the same run.
    const end = await runEffect(journal, options.job, { start, decisions });
    switch (end.kind) {
      case 'aborted':
        throw end.error;
      case 'interrupted':
        // Nothing more is tried on a failing disk; the run is redone at this very place next
        // time, so a rerun ends as an uninterrupted build would.
        options.onRun?.({ type: 'failed', runId, error: end.message });
        throw end.error;
      case 'failed':
        ended({ runId, at, ok: false, error: end.error });
        options.onRun?.({ type: 'failed', runId, error: end.error });
        return end.records;
      case 'deferred':
        ended({ runId, at, ok: true, deferred: true });
        return end.records;
      case 'finished':
        ended({ runId, at, ok: true, outcome: end.outcome });
        options.onRun?.({ type: 'finished', runId, outcome: end.outcome });
        return end.records;
    }
  };

  const handle = async (made: readonly Decision[]): Promise<void> => {
    const queue = [...made];
    while (queue.length > 0) {
      const decision = queue.shift()!;
      if (decision.kind === 'extraction_skipped' && options.recordSkips !== undefined && !skipsRecorded.has(skipKey(decision))) {
        skipsRecorded.add(skipKey(decision));
        append([decisionRecord(decision)]);
        options.recordSkips(decision);
      }
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

  // A decision can only be in a later run's batch while it waits in some kind's pending list:
  // the others are let go now and then, so a long session does not keep every decision (decision 55).
  let pruneAbove = 64;
  const prune = (): void => {
    if (due.size <= pruneAbove) return;
    const waiting = new Set(Object.values(state.runs).flatMap((runs) => runs.pending.map((d) => d.uuid)));
    for (const uuid of due.keys()) if (!waiting.has(uuid)) due.delete(uuid);
    pruneAbove = Math.max(64, 2 * due.size);
  };

  for (const event of mergeByPosition(options.entries, records) as Iterable<PipelineEvent>) {
    if (event.source === 'transcript') at = { seq: event.event.seq, uuid: hasUuid(event.event.entry) ? event.event.entry.uuid : null };
    const [next, made] = decider.step(state, event);
    state = next;
    await handle(made);
    prune();
  }
  return tally;
}

/**
 * Runs of this kind the log shows as started and never ended (the process died): taken back
 * through the journal's recovery (decision 74), recorded as interrupted at their start after
 * `cleanup` removed what each left behind. An interrupted run counts as never started (see
 * `withoutInterrupted`): it runs again, at the same place, so a build killed at any point ends as
 * an uninterrupted one would.
 */
export async function recoverInterrupted(
  records: readonly EffectRecord[],
  kind: RunKind,
  logPath: string,
  cleanup: (runId: string) => Promise<void> = () => Promise.resolve(),
  /** Runs still going on elsewhere (a submitted message batch): not interrupted. */
  elsewhere: (record: RunStartedRecord) => boolean = () => false,
): Promise<EffectRecord[]> {
  const { begun } = unendedEntries(records, kind, { elsewhere });
  const steps = { finish: () => Promise.resolve([]), rollBack: rollBackRun(cleanup) };
  const { rolledBack } = await recoverJournal({ begun, committed: [] }, steps, logPath);
  return [...rolledBack];
}

/** A run that never committed, taken back: what it left goes, and it is recorded as interrupted at its start. */
export const rollBackRun =
  (cleanup: (runId: string) => Promise<void>) =>
  async (begin: RunStartedRecord): Promise<readonly EffectRecord[]> => {
    await cleanup(begin.runId);
    return [runInterruptedRecord({ at: begin.at, run: begin.run, runId: begin.runId, reason: 'the run never recorded an end' })];
  };

/**
 * The newest run of this kind, when it failed, taken back so it runs again at the same place: a
 * batch extraction rerun retries what failed last time (a key set since, a server back up)
 * instead of leaving a session's newest messages behind for good. An older failure needs no
 * retry: the cursor went back, so the next run covered its messages. The retried run gets a
 * `retried` record; its failure stays in the log as history.
 */
export function retryFailed(records: readonly EffectRecord[], kind: RunKind, logPath: string, maxRetries = MAX_RETRIES): EffectRecord[] {
  const retried = retryRecords(records, kind, maxRetries);
  appendEffectsSync(logPath, retried);
  return retried;
}

/** How often one place is retried across runs before its failure is left standing. */
export const MAX_RETRIES = 3;

/**
 * The `retried` record `retryFailed` would append: none when the newest run did not fail, or
 * when runs at its place were retried `maxRetries` times already (a request that always fails
 * would otherwise hold the session there for good; left failed, its messages fall to the
 * session's next run).
 */
export function retryRecords(records: readonly EffectRecord[], kind: RunKind, maxRetries = MAX_RETRIES): EffectRecord[] {
  const live = withoutInterrupted(records);
  const newest = live.filter((r): r is Extract<EffectRecord, { type: 'run_started' }> => r.type === 'run_started' && r.run === kind).at(-1);
  const failure =
    newest && live.find((r): r is Extract<EffectRecord, { type: 'run_failed' }> => r.type === 'run_failed' && r.runId === newest.runId);
  if (newest === undefined || failure === undefined) return [];
  const place = batchKey(newest.batch.map((p) => p.uuid));
  const retriedHere = new Set(records.flatMap((r) => (r.type === 'run_failed' && r.retried === true ? [r.runId] : [])));
  const earlier = records.filter(
    (r) => r.type === 'run_started' && r.run === kind && retriedHere.has(r.runId) && batchKey(r.batch.map((p) => p.uuid)) === place,
  ).length;
  if (earlier >= maxRetries) return [];
  return [runRetriedRecord(failure)];
}
