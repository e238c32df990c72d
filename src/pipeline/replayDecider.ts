import { createAutocompactTrigger, type AutocompactState } from '../projections/autocompactTrigger.js';
import {
  NO_DECISIONS,
  type Decision,
  type ExtractionDue,
  type ExtractionSkipped,
  type RunOutcome,
  type Trigger,
} from '../projections/decisions.js';
import { createExtractionTrigger, type ExtractionState } from '../projections/extractionTrigger.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { createSessionNotesTrigger, type SessionNotesState } from '../projections/sessionNotesTrigger.js';
import type { EffectRecord } from './effectRecord.js';
import { resolveSettings, type TriggerSettings } from './policySettings.js';
import { dropPending, endRun, initialRunsByKind, requestRun, type RunsByKind } from './runsByKind.js';
import { RunBatches } from './runBatches.js';
import { gateSkip, RUN_KINDS, type RunKind } from '../projections/decisions.js';

export interface ReplaySettings extends TriggerSettings {
  /**
   * Without an effect log every run is taken to finish, successfully, before the next entry
   * ('instant'). With one ('recorded'), runs end where the log says, so coalescing and
   * failures replay as they happened. A list names the kinds the log records; the others are
   * instant (a log written by `memlog notes` speaks for session-notes runs only).
   */
  readonly runs?: 'instant' | 'recorded' | readonly RunKind[];
}

/** Every trigger's state and the run coalescer's; what `memlog replay --at` prints. */
export interface ReplayState {
  readonly sessionNotes: SessionNotesState;
  readonly autocompact: AutocompactState;
  readonly extraction: ExtractionState;
  readonly runs: RunsByKind;
  /** runId → the decisions its run serves, from the effect log's run_started records. */
  readonly batches: RunBatches;
  /**
   * Run ends read before their run is in flight here: a decision is only made once the next
   * entry closes its response, so a record logged at the decision's own position can come
   * first. Each is settled as soon as its run is the one in flight.
   */
  readonly held: ReadonlyArray<{ readonly run: RunKind; readonly runId: string; readonly ok: boolean; readonly declined?: 'first_look' }>;
}

/** What the pipeline folds: transcript entries and memlog's effect records, merged by log position. */
export type PipelineEvent =
  | { readonly source: 'transcript'; readonly event: LogEntry }
  | { readonly source: 'effects'; readonly record: EffectRecord }
  /** The log as read ends here: triggers close what they hold (e.g. the last response is evaluated). */
  | { readonly source: 'end' };

export interface PipelineDecider {
  readonly initialState: () => ReplayState;
  readonly step: (state: ReplayState, event: PipelineEvent) => readonly [ReplayState, readonly Decision[]];
  readonly end: (state: ReplayState) => readonly [ReplayState, readonly Decision[]];
}

type AnyTrigger = Trigger<never, Decision, LogEntry>;

/** A pure decider over every trigger and the run coalescer: one step per event, decisions in a fixed order. */
export function createReplayDecider(settings: ReplaySettings = {}): PipelineDecider {
  const resolved = resolveSettings(settings);
  const notes = createSessionNotesTrigger(resolved.sessionNotes);
  const compact = createAutocompactTrigger(resolved.autocompact);
  const extract = createExtractionTrigger(resolved.extraction);
  const runs = settings.runs ?? 'instant';
  const instantKinds = new Set<RunKind>(
    runs === 'instant' ? RUN_KINDS : runs === 'recorded' ? [] : RUN_KINDS.filter((kind) => !runs.includes(kind)),
  );
  const instant = (run: RunKind): boolean => instantKinds.has(run);
  const triggers = { sessionNotes: notes, autocompact: compact, extraction: extract } as const;
  type Key = keyof typeof triggers;
  const keys = Object.keys(triggers) as Key[];

  /** Runs every trigger on one log entry, then turns due decisions into run starts. */
  function throughEntry(state: ReplayState, event: LogEntry): readonly [ReplayState, readonly Decision[]] {
    // Each trigger called by name, not through a shared callback: this runs for every entry of
    // the log, and direct calls stay monomorphic (bench/replayStages.bench.ts).
    const [sessionNotes, a] = notes.step(state.sessionNotes, event);
    const [autocompact, b] = compact.step(state.autocompact, event);
    const [extraction, c] = extract.step(state.extraction, event);
    return afterTriggers(state, sessionNotes, autocompact, extraction, a, b, c);
  }

  /** Closes every trigger at the end of the log. */
  function throughEnd(state: ReplayState): readonly [ReplayState, readonly Decision[]] {
    const [sessionNotes, a] = notes.end(state.sessionNotes);
    const [autocompact, b] = compact.end(state.autocompact);
    const [extraction, c] = extract.end(state.extraction);
    return afterTriggers(state, sessionNotes, autocompact, extraction, a, b, c);
  }

  function afterTriggers(
    state: ReplayState,
    sessionNotes: SessionNotesState,
    autocompact: AutocompactState,
    extraction: ExtractionState,
    a: readonly Decision[],
    b: readonly Decision[],
    c: readonly Decision[],
  ): readonly [ReplayState, readonly Decision[]] {
    const same = sessionNotes === state.sessionNotes && autocompact === state.autocompact && extraction === state.extraction;
    const next: ReplayState = same
      ? state
      : { sessionNotes, autocompact, extraction, runs: state.runs, batches: state.batches, held: state.held };
    if (a.length === 0 && b.length === 0 && c.length === 0 && next.held.length === 0) return [next, NO_DECISIONS];
    const [started, out] = startRuns(next, [...a, ...b, ...c]);
    const [settled, more] = releaseHeld(started);
    return [settled, [...out, ...more]];
  }

  /** Settles every held run end whose run is now in flight (which may start its trailing run). */
  function releaseHeld(state: ReplayState): readonly [ReplayState, readonly Decision[]] {
    let next = state;
    const out: Decision[] = [];
    for (let progress = true; progress;) {
      progress = false;
      for (const held of next.held) {
        const batch = next.batches.get(held.runId) ?? [];
        const inFlight = next.runs[held.run].inFlight?.map((d) => d.uuid) ?? null;
        if (inFlight === null || !sameBatch(inFlight, batch)) continue;
        next = { ...next, held: next.held.filter((h) => h !== held) };
        if (held.declined !== undefined) out.push(declinedByFirstLook(next.runs[held.run].inFlight ?? []));
        const [settled, made] = outcome(next, {
          run: held.run,
          ok: held.ok,
          batch,
          ...(held.declined === undefined ? {} : { declined: held.declined }),
        });
        next = settled;
        out.push(...made);
        progress = true;
        break;
      }
    }
    return [next, out];
  }

  function startRuns(state: ReplayState, decisions: readonly Decision[]): readonly [ReplayState, readonly Decision[]] {
    let next = state;
    const out: Decision[] = [];
    for (const decision of decisions) {
      out.push(decision);
      const [runs, starts] = requestRun(next.runs, decision);
      next = runs === next.runs ? next : { ...next, runs };
      for (const start of starts) {
        out.push(start);
        if (instant(start.run)) next = outcome(next, { run: start.run, ok: true, batch: start.batch })[0];
      }
    }
    return [next, out];
  }

  /** A run ended: triggers learn the outcome, the coalescer may start the trailing run. */
  function outcome(state: ReplayState, result: RunOutcome): readonly [ReplayState, readonly Decision[]] {
    let next: ReplayState = state;
    for (const key of keys) {
      const trigger = triggers[key] as unknown as AnyTrigger;
      const s = trigger.settle ? trigger.settle(state[key] as never, result) : state[key];
      if (s !== state[key]) next = { ...next, [key]: s };
    }
    let trailing: Decision[] = [];
    if (result.run === 'extraction' && !resolved.extractionTrailing(next.extraction.version)) {
      const [kept, dropped] = dropPending(next.runs, 'extraction');
      if (dropped.length > 0) {
        next = {
          ...next,
          runs: kept,
          extraction: settleExtraction(next.extraction, {
            run: 'extraction',
            ok: true,
            batch: [],
            declined: 'dropped',
            dropped: dropped.filter((d): d is ExtractionDue => d.kind === 'extraction_due'),
          }),
        };
        trailing = [noTrailingRun(dropped, resolved.extraction.everyTurns)];
      }
    }
    const [runs, starts] = endRun(next.runs, result.run, result.ok);
    next = runs === next.runs ? next : { ...next, runs };
    for (const start of starts) {
      trailing = [...trailing, start];
      if (instant(start.run)) next = outcome(next, { run: start.run, ok: true, batch: start.batch })[0];
    }
    return [next, trailing];
  }

  function settleExtraction(state: ExtractionState, result: RunOutcome): ExtractionState {
    return extract.settle ? extract.settle(state, result) : state;
  }

  function step(state: ReplayState, event: PipelineEvent): readonly [ReplayState, readonly Decision[]] {
    if (event.source === 'end') return end(state);
    if (event.source === 'transcript') return throughEntry(state, event.event);
    const { record } = event;
    if (record.type === 'run_started') {
      const uuids = record.batch.flatMap((p) => (p.uuid === null ? [] : [p.uuid]));
      return [{ ...state, batches: state.batches.with(record.runId, uuids) }, []];
    }
    if (record.type !== 'run_finished' && record.type !== 'run_failed') return [state, []];
    // Matched to its run by runId, never by position alone; a run end for a run that is not in
    // flight (yet) waits; one whose run never started stays held and changes nothing.
    const declined = record.type === 'run_finished' && (record.outcome as { declined?: unknown } | undefined)?.declined === 'first_look';
    const held = {
      run: record.run,
      runId: record.runId,
      ok: record.type === 'run_finished',
      ...(declined ? { declined: 'first_look' as const } : {}),
    };
    return releaseHeld({ ...state, held: [...state.held, held] });
  }

  function end(state: ReplayState): readonly [ReplayState, readonly Decision[]] {
    return throughEnd(state);
  }

  return {
    initialState: () => ({
      sessionNotes: notes.initialState(),
      autocompact: compact.initialState(),
      extraction: extract.initialState(),
      runs: initialRunsByKind(),
      batches: RunBatches.empty(),
      held: [],
    }),
    step,
    end,
  };
}

/** A run its first look declined (enforce): shown as a skip at its newest decision; the cursor stays. */
function declinedByFirstLook(batch: readonly { uuid: string; seq: number; tokens: number }[]): ExtractionSkipped {
  const newest = batch[batch.length - 1] ?? { uuid: '', seq: -1, tokens: 0 };
  return gateSkip(
    newest,
    'first_look',
    false,
    {},
    'extraction skipped by the first look: write_likely false (recorded in the effect log); cursor stays',
  );
}

/** Requests made during a run, dropped when it ends: Claude Code 2.1.332 makes no trailing run unless its cadence is 1. */
function noTrailingRun(dropped: readonly { uuid: string; seq: number; tokens: number }[], every: number): ExtractionSkipped {
  const newest = dropped[dropped.length - 1]!;
  const count = dropped.length;
  return gateSkip(
    newest,
    'cadence',
    false,
    { every },
    `extraction skipped: no trailing run for ${count} request${count === 1 ? '' : 's'} made while the previous one ran (cadence every ${every}, as Claude Code 2.1.332); their messages wait for the next run`,
  );
}

function sameBatch(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((uuid, i) => uuid === b[i]);
}

/** The kinds of run an effect log records: replay takes their ends from it, and the others as instant. */
export function recordedKinds(records: readonly EffectRecord[]): RunKind[] {
  const kinds = new Set<RunKind>();
  for (const record of records)
    if (record.type === 'run_started' || record.type === 'run_finished' || record.type === 'run_failed') kinds.add(record.run);
  return [...kinds];
}
