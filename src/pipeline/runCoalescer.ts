import type { Decision, RunStart } from '../projections/decisions.js';
import { evolveCoalesce, initialCoalesceState, type CoalesceDecision, type CoalesceState } from './coalesceReducer.js';

export type RunKind = RunStart['run'];
export const RUN_KINDS: readonly RunKind[] = ['session_notes', 'extraction', 'compaction'];
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

export type CoalescerState = Readonly<Record<RunKind, CoalesceState<DueDecision>>>;

export function initialCoalescerState(): CoalescerState {
  return { session_notes: initialCoalesceState(), extraction: initialCoalesceState(), compaction: initialCoalesceState() };
}

/** A due decision is a request for its kind of run: it starts one, or joins the trailing run. */
export function request(state: CoalescerState, decision: Decision): readonly [CoalescerState, RunStart[]] {
  const run = runOf(decision);
  if (run === undefined) return [state, []];
  const [next, starts] = evolveCoalesce(state[run], { kind: 'requested', value: decision as DueDecision });
  return [next === state[run] ? state : { ...state, [run]: next }, starts.map((start) => toRunStart(run, start))];
}

/** A run ended: the trailing run, if requests arrived meanwhile, starts now. */
export function settle(state: CoalescerState, run: RunKind, ok: boolean): readonly [CoalescerState, RunStart[]] {
  const [next, starts] = evolveCoalesce(state[run], { kind: ok ? 'finished' : 'failed' });
  return [next === state[run] ? state : { ...state, [run]: next }, starts.map((start) => toRunStart(run, start))];
}

function toRunStart(run: RunKind, start: CoalesceDecision<DueDecision>): RunStart {
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
    reason: start.trailing ? `${run.replace('_', ' ')} run starts as the trailing run for ${count} request${count === 1 ? '' : 's'} made while the previous one ran` : `${run.replace('_', ' ')} run starts`,
  };
}
