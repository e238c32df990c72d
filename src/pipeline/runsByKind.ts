import type { Decision, RunKind, RunStart } from '../projections/decisions.js';
import { evolveTrailing, initialTrailingState, type TrailingStart, type TrailingState } from './trailingCoalesce.js';

type DueDecision = Extract<Decision, { kind: 'session_notes_due' | 'extraction_due' | 'compaction_due' }>;

/** The run a due decision asks for; other decisions (skips, starts) ask for none. */
export function runOf(decision: Decision): RunKind | undefined {
  switch (decision.kind) {
    case 'session_notes_due':
      return 'session_notes';
    case 'extraction_due':
      return 'extraction';
    case 'compaction_due':
      return 'compaction';
    case 'extraction_skipped':
    case 'run_start':
      return undefined;
  }
}

/** One trailing-run coalescer per kind of run: notes, extraction and compaction never wait on each other. */
export type RunsByKind = Readonly<Record<RunKind, TrailingState<DueDecision>>>;

export function initialRunsByKind(): RunsByKind {
  return { session_notes: initialTrailingState(), extraction: initialTrailingState(), compaction: initialTrailingState() };
}

/** A due decision is a request for its kind of run: it starts one, or joins the trailing run. */
export function requestRun(state: RunsByKind, decision: Decision): readonly [RunsByKind, RunStart[]] {
  const run = runOf(decision);
  if (run === undefined) return [state, []];
  const [next, starts] = evolveTrailing(state[run], { kind: 'requested', value: decision as DueDecision });
  return [next === state[run] ? state : { ...state, [run]: next }, starts.map((start) => toRunStart(run, start))];
}

/** A run ended: the trailing run, if requests arrived meanwhile, starts now. */
export function endRun(state: RunsByKind, run: RunKind, ok: boolean): readonly [RunsByKind, RunStart[]] {
  const [next, starts] = evolveTrailing(state[run], { kind: ok ? 'finished' : 'failed' });
  return [next === state[run] ? state : { ...state, [run]: next }, starts.map((start) => toRunStart(run, start))];
}

/** The requests waiting behind the run in flight, taken away unrun (no trailing run will serve them). */
export function dropPending(state: RunsByKind, run: RunKind): readonly [RunsByKind, readonly DueDecision[]] {
  const pending = state[run].pending;
  if (pending.length === 0) return [state, []];
  return [{ ...state, [run]: { ...state[run], pending: [] } }, pending];
}

function toRunStart(run: RunKind, start: TrailingStart<DueDecision>): RunStart {
  const newest = start.batch[start.batch.length - 1];
  const count = start.batch.length;
  return {
    kind: 'run_start',
    run,
    batch: start.batch.map((d) => d.uuid),
    trailing: start.trailing,
    uuid: newest?.uuid ?? '',
    seq: newest?.seq ?? -1,
    tokens: newest?.tokens ?? 0,
    reason: start.trailing
      ? `${run.replace('_', ' ')} run starts as the trailing run for ${count} request${count === 1 ? '' : 's'} made while the previous one ran`
      : `${run.replace('_', ' ')} run starts`,
  };
}
