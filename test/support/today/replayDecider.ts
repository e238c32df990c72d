/**
 * A frozen copy of this file as it was before the extraction gates and trigger policies (commit
 * c69b06d), kept as the oracle of test/pipeline/gatesOff.property.test.ts: with every gate off,
 * the decisions must be exactly these. Never edit it to make that test pass.
 */
import {
  createAutocompactTrigger,
  DEFAULT_AUTOCOMPACT_SETTINGS,
  type AutocompactSettings,
  type AutocompactState,
} from '../../../src/projections/autocompactTrigger.js';
import { NO_DECISIONS, type Decision, type RunOutcome, type Trigger } from '../../../src/projections/decisions.js';
import {
  createExtractionTrigger,
  DEFAULT_EXTRACTION_SETTINGS,
  type ExtractionSettings,
  type ExtractionState,
} from './extractionTrigger.js';
import type { LogEntry } from '../../../src/transcript/logEntry.js';
import {
  createSessionNotesTrigger,
  DEFAULT_SESSION_NOTES_THRESHOLDS,
  type SessionNotesState,
  type SessionNotesThresholds,
} from './sessionNotesTrigger.js';
import type { EffectRecord } from '../../../src/pipeline/effectRecord.js';
import { endRun, initialRunsByKind, requestRun, type RunsByKind } from '../../../src/pipeline/runsByKind.js';
import { RUN_KINDS, type RunKind } from '../../../src/projections/decisions.js';

export interface ReplaySettings {
  readonly sessionNotes?: Partial<SessionNotesThresholds>;
  readonly autocompact?: Partial<AutocompactSettings>;
  readonly extraction?: Partial<ExtractionSettings>;
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
  readonly batches: ReadonlyMap<string, readonly string[]>;
  /**
   * Run ends read before their run is in flight here: a decision is only made once the next
   * entry closes its response, so a record logged at the decision's own position can come
   * first. Each is settled as soon as its run is the one in flight.
   */
  readonly held: ReadonlyArray<{ readonly run: RunKind; readonly runId: string; readonly ok: boolean }>;
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
  const notes = createSessionNotesTrigger({ ...DEFAULT_SESSION_NOTES_THRESHOLDS, ...settings.sessionNotes });
  const compact = createAutocompactTrigger({ ...DEFAULT_AUTOCOMPACT_SETTINGS, ...settings.autocompact });
  const extract = createExtractionTrigger({ ...DEFAULT_EXTRACTION_SETTINGS, ...settings.extraction });
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
        const [settled, made] = outcome(next, { run: held.run, ok: held.ok, batch });
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
    const [runs, starts] = endRun(next.runs, result.run, result.ok);
    next = runs === next.runs ? next : { ...next, runs };
    let trailing: Decision[] = [];
    for (const start of starts) {
      trailing = [...trailing, start];
      if (instant(start.run)) next = outcome(next, { run: start.run, ok: true, batch: start.batch })[0];
    }
    return [next, trailing];
  }

  function step(state: ReplayState, event: PipelineEvent): readonly [ReplayState, readonly Decision[]] {
    if (event.source === 'end') return end(state);
    if (event.source === 'transcript') return throughEntry(state, event.event);
    const { record } = event;
    if (record.type === 'run_started') {
      const uuids = record.batch.flatMap((p) => (p.uuid === null ? [] : [p.uuid]));
      return [{ ...state, batches: new Map(state.batches).set(record.runId, uuids) }, []];
    }
    if (record.type !== 'run_finished' && record.type !== 'run_failed') return [state, []];
    // Matched to its run by runId, never by position alone; a run end for a run that is not in
    // flight (yet) waits; one whose run never started stays held and changes nothing.
    const held = { run: record.run, runId: record.runId, ok: record.type === 'run_finished' };
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
      batches: new Map(),
      held: [],
    }),
    step,
    end,
  };
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
