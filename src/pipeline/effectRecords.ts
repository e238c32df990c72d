import type { Decision } from '../projections/decisions.js';
import type { AnyRunOutcome } from './runOutcomes.js';
import {
  CURRENT_EFFECT_LOG_VERSION,
  RunFinishedRecord,
  type EffectRecord,
  type LogPosition,
  type RemoteRequest,
  type RunFailedRecord,
  type RunStartedRecord,
} from './effectRecord.js';
import type { RunKind } from '../projections/decisions.js';

/**
 * The one place effect records are made: every runner, job and recovery step builds its records
 * here, so their fields, the version and the run-id format cannot drift apart.
 */

type Extract_<T extends EffectRecord['type']> = Extract<EffectRecord, { type: T }>;

/** A decision, recorded as it is made (a skip too), before any run it causes. */
export function decisionRecord(decision: Decision): Extract_<'decision'> {
  return { v: CURRENT_EFFECT_LOG_VERSION, type: 'decision', at: { seq: decision.seq, uuid: decision.uuid }, decision: { ...decision } };
}

/**
 * A first look's answer (is this run worth making?), recorded before the run does anything
 * else, at the run's newest decision: replay takes a declined run from its `run_finished`
 * record, this one says what was asked and answered. Read back as a decision record.
 */
export function firstLookRecord(
  at: LogPosition,
  look: {
    readonly mode: string;
    readonly answer: boolean | null;
    readonly error?: string;
    readonly tokens: { input: number; output: number };
  },
  contextTokens: number,
): Extract_<'decision'> {
  const answered = look.answer === null ? `no answer (${look.error ?? 'none'}), so it never skips` : `write_likely ${look.answer}`;
  const effect = look.mode === 'enforce' && look.answer === false ? 'the run is skipped, cursor stays' : 'the run goes ahead';
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'decision',
    at,
    decision: {
      kind: 'first_look',
      uuid: at.uuid ?? '',
      seq: at.seq,
      tokens: contextTokens,
      reason: `first look (${look.mode}): ${answered}; ${effect}`,
      mode: look.mode,
      answer: look.answer,
      ...(look.error === undefined ? {} : { error: look.error }),
      usage: look.tokens,
    },
  };
}

export function runStartedRecord(fields: {
  at: LogPosition;
  run: RunKind;
  runId: string;
  batch: readonly LogPosition[];
  trailing: boolean;
  remote?: RemoteRequest;
  policy?: string;
}): RunStartedRecord {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'run_started',
    at: fields.at,
    run: fields.run,
    runId: fields.runId,
    batch: [...fields.batch],
    trailing: fields.trailing,
    ...(fields.remote === undefined ? {} : { remote: fields.remote }),
    ...(fields.policy === undefined ? {} : { policy: fields.policy }),
  };
}

/**
 * A run's commit: its outcome, checked against its kind's schema as it is made (decision 74), so
 * no reader meets an outcome its kind does not describe. The record keeps its fields' order.
 */
export function runFinishedRecord(fields: {
  at: LogPosition;
  run: RunKind;
  runId: string;
  outcome?: AnyRunOutcome;
  afterEnd?: boolean;
}): RunFinishedRecord {
  const record = {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'run_finished' as const,
    at: fields.at,
    ...(fields.afterEnd === true ? { afterEnd: true } : {}),
    run: fields.run,
    runId: fields.runId,
    ...(fields.outcome === undefined ? {} : { outcome: fields.outcome }),
  };
  if (!isRunFinished(record)) throw new TypeError(`a ${fields.run} run's outcome does not fit its kind's schema`);
  return record;
}

const isRunFinished = (record: object): record is RunFinishedRecord => RunFinishedRecord.safeParse(record).success;

export function runFailedRecord(fields: {
  at: LogPosition;
  run: RunKind;
  runId: string;
  error: unknown;
  afterEnd?: boolean;
}): RunFailedRecord {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'run_failed',
    at: fields.at,
    ...(fields.afterEnd === true ? { afterEnd: true } : {}),
    run: fields.run,
    runId: fields.runId,
    error: errorText(fields.error),
  };
}

/** A run taken back because it never happened (a crash, or the machine failed it): it runs again at its place. */
export function runInterruptedRecord(fields: { at: LogPosition; run: RunKind; runId: string; reason: unknown }): RunFailedRecord {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'run_failed',
    at: fields.at,
    run: fields.run,
    runId: fields.runId,
    error: `interrupted: ${errorText(fields.reason)}`,
    interrupted: true,
  };
}

/** A failed run taken back by a later build, to run again at the same place. */
export function runRetriedRecord(failure: RunFailedRecord): RunFailedRecord {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'run_failed',
    at: failure.at,
    run: failure.run,
    runId: failure.runId,
    error: `retried: ${failure.error}`,
    retried: true,
  };
}

/** A compaction no trigger asked for (`memlog compact`). */
export function compactedRecord(at: LogPosition, outcome: Extract_<'compacted'>['outcome']): Extract_<'compacted'> {
  return { v: CURRENT_EFFECT_LOG_VERSION, type: 'compacted', at, outcome };
}

/** A compaction about to be appended (`memlog compact`): what it appends where, before it does. */
export function compactionStartedRecord(
  at: LogPosition,
  size: number,
  append: string,
  outcome: Extract_<'compacted'>['outcome'],
): Extract_<'compaction_started'> {
  return { v: CURRENT_EFFECT_LOG_VERSION, type: 'compaction_started', at, size, append, outcome };
}

/**
 * Run ids, one format for every runner: `<kind>@<seq>` where the run starts, `.2`, `.3`… when
 * that id is taken (a retried or trailing run at the same place). `taken` is updated.
 */
export function nextRunId(kind: RunKind | 'consolidation' | 'undo' | 'review' | 'index', seq: number, taken: Set<string>): string {
  let runId = `${kind}@${seq}`;
  for (let n = 2; taken.has(runId); n++) runId = `${kind}@${seq}.${n}`;
  taken.add(runId);
  return runId;
}

/** Whether a record takes its run back (interrupted or retried): replay leaves that run out. */
export const isWithdrawal = (record: EffectRecord): boolean =>
  record.type === 'run_failed' && (record.interrupted === true || record.retried === true);

/** Whether a record was placed after the transcript's last entry (a batch result collected later). */
export const isAfterEnd = (record: EffectRecord): boolean =>
  (record.type === 'run_finished' || record.type === 'run_failed') && record.afterEnd === true;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Nowhere in a transcript: a consolidation belongs to a memory directory, not to a session's log. */
const NO_POSITION: LogPosition = { seq: -1, uuid: null };

/** A consolidation's commit point: its changes, the files it moves and removes, and the candidate chunks it consumes. */
export function consolidationStartedRecord(fields: {
  runId: string;
  changes: Extract_<'consolidation_started'>['changes'];
  writes: readonly string[];
  removes: readonly string[];
  consumes?: readonly string[];
  files?: Extract_<'consolidation_started'>['files'];
  time?: string;
  undoes?: string;
}): Extract_<'consolidation_started'> {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'consolidation_started',
    at: NO_POSITION,
    runId: fields.runId,
    changes: fields.changes,
    writes: [...fields.writes],
    removes: [...fields.removes],
    ...(fields.consumes === undefined || fields.consumes.length === 0 ? {} : { consumes: [...fields.consumes] }),
    ...(fields.files === undefined ? {} : { files: fields.files }),
    ...(fields.time === undefined ? {} : { time: fields.time }),
    ...(fields.undoes === undefined ? {} : { undoes: fields.undoes }),
  };
}

export function consolidationFinishedRecord(runId: string): Extract_<'consolidation_finished'> {
  return { v: CURRENT_EFFECT_LOG_VERSION, type: 'consolidation_finished', at: NO_POSITION, runId };
}

/** What one chunk of a session yielded in backfill's first phase: placed at the chunk's last entry. */
export function candidatesRecord(fields: {
  at: LogPosition;
  chunkId: string;
  first: string;
  last: string;
  candidates: Extract_<'candidates'>['candidates'];
  tokens: { chunk: number; input: number; output: number };
}): Extract_<'candidates'> {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'candidates',
    at: fields.at,
    chunkId: fields.chunkId,
    first: fields.first,
    last: fields.last,
    candidates: fields.candidates,
    tokens: { ...fields.tokens },
  };
}

/** A chunk of backfill's first phase put in a message batch: placed at the chunk's last entry, as its candidates will be. */
export function candidatesRequestedRecord(fields: {
  at: LogPosition;
  chunkId: string;
  first: string;
  last: string;
  customId: string;
}): Extract_<'candidates_requested'> {
  return {
    v: CURRENT_EFFECT_LOG_VERSION,
    type: 'candidates_requested',
    at: fields.at,
    chunkId: fields.chunkId,
    first: fields.first,
    last: fields.last,
    customId: fields.customId,
  };
}

/** Candidate chunks a backfill took into its memory directory with no consolidation commit to name them. */
export function candidatesConsumedRecord(chunks: readonly string[]): Extract_<'candidates_consumed'> {
  return { v: CURRENT_EFFECT_LOG_VERSION, type: 'candidates_consumed', at: NO_POSITION, chunks: [...chunks] };
}
