import type { AutocompactState } from '../projections/autocompactTrigger.js';
import { NO_DECISIONS, type Decision, type ExtractionDue, type ExtractionSkipped, type RunOutcome } from '../projections/decisions.js';
import type { ExtractionState } from '../projections/extractionTrigger.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { SessionNotesState } from '../projections/sessionNotesTrigger.js';
import type { EffectRecord } from './effectRecord.js';
import { resolveSettings, type ResolvedSettings, type TriggerSettings } from './policySettings.js';
import { createReplayTriggers, initialTriggerStates, settled, settleTriggers, type ReplayTriggers } from './replayTriggers.js';
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
  readonly held: readonly HeldRunEnd[];
}

/** A run end read from the effect log, waiting for its run to be the one in flight. */
interface HeldRunEnd {
  readonly run: RunKind;
  readonly runId: string;
  readonly ok: boolean;
  readonly declined?: 'first_look';
}

/** Where a decision was made, as a skip shown in its place names it. */
interface DueAt {
  readonly uuid: string;
  readonly seq: number;
  readonly tokens: number;
}

type Stepped = readonly [ReplayState, readonly Decision[]];

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

/** What every step of the decider reads: the triggers, the resolved settings, which kinds of run end at once. */
interface DeciderContext {
  readonly triggers: ReplayTriggers;
  readonly resolved: ResolvedSettings;
  readonly instant: (run: RunKind) => boolean;
}

/** A pure decider over every trigger and the run coalescer: one step per event, decisions in a fixed order. */
export function createReplayDecider(settings: ReplaySettings = {}): PipelineDecider {
  const resolved = resolveSettings(settings);
  const triggers = createReplayTriggers(resolved);
  const runs = settings.runs ?? 'instant';
  const instantKinds = new Set<RunKind>(
    runs === 'instant' ? RUN_KINDS : runs === 'recorded' ? [] : RUN_KINDS.filter((kind) => !runs.includes(kind)),
  );
  const context: DeciderContext = { triggers, resolved, instant: (run) => instantKinds.has(run) };
  return {
    initialState: () => ({ ...initialTriggerStates(triggers), runs: initialRunsByKind(), batches: RunBatches.empty(), held: [] }),
    step: (state, event) => step(context, state, event),
    end: (state) => throughEnd(context, state),
  };
}

function step(context: DeciderContext, state: ReplayState, event: PipelineEvent): Stepped {
  if (event.source === 'end') return throughEnd(context, state);
  if (event.source === 'transcript') return throughEntry(context, state, event.event);
  const { record } = event;
  if (record.type === 'run_started') {
    const uuids = record.batch.flatMap((p) => (p.uuid === null ? [] : [p.uuid]));
    return [{ ...state, batches: state.batches.with(record.runId, uuids) }, []];
  }
  if (record.type !== 'run_finished' && record.type !== 'run_failed') return [state, []];
  // Matched to its run by runId, never by position alone; a run end for a run that is not in
  // flight (yet) waits; one whose run never started stays held and changes nothing.
  const declined = record.type === 'run_finished' && declinedByFirstLookOutcome(record.outcome);
  const held = {
    run: record.run,
    runId: record.runId,
    ok: record.type === 'run_finished',
    ...(declined ? { declined: 'first_look' as const } : {}),
  };
  return releaseHeld(context, { ...state, held: [...state.held, held] });
}

/** Runs every trigger on one log entry, then turns due decisions into run starts. */
function throughEntry(context: DeciderContext, state: ReplayState, event: LogEntry): Stepped {
  const { triggers } = context;
  // Each trigger called by name, not through a shared callback: this runs for every entry of
  // the log, and direct calls stay monomorphic (bench/replayStages.bench.ts).
  const [sessionNotes, a] = triggers.sessionNotes.step(state.sessionNotes, event);
  const [autocompact, b] = triggers.autocompact.step(state.autocompact, event);
  const [extraction, c] = triggers.extraction.step(state.extraction, event);
  return afterTriggers(context, state, sessionNotes, autocompact, extraction, a, b, c);
}

/** Closes every trigger at the end of the log. */
function throughEnd(context: DeciderContext, state: ReplayState): Stepped {
  const { triggers } = context;
  const [sessionNotes, a] = triggers.sessionNotes.end(state.sessionNotes);
  const [autocompact, b] = triggers.autocompact.end(state.autocompact);
  const [extraction, c] = triggers.extraction.end(state.extraction);
  return afterTriggers(context, state, sessionNotes, autocompact, extraction, a, b, c);
}

function afterTriggers(
  context: DeciderContext,
  state: ReplayState,
  sessionNotes: SessionNotesState,
  autocompact: AutocompactState,
  extraction: ExtractionState,
  a: readonly Decision[],
  b: readonly Decision[],
  c: readonly Decision[],
): Stepped {
  const same = sessionNotes === state.sessionNotes && autocompact === state.autocompact && extraction === state.extraction;
  const next: ReplayState = same
    ? state
    : { sessionNotes, autocompact, extraction, runs: state.runs, batches: state.batches, held: state.held };
  if (a.length === 0 && b.length === 0 && c.length === 0 && next.held.length === 0) return [next, NO_DECISIONS];
  const [started, out] = startRuns(context, next, [...a, ...b, ...c]);
  const [settled, more] = releaseHeld(context, started);
  return [settled, [...out, ...more]];
}

/** Settles every held run end whose run is now in flight (which may start its trailing run). */
function releaseHeld(context: DeciderContext, state: ReplayState): Stepped {
  let next = state;
  const out: Decision[] = [];
  for (let found = firstReleasable(next); found !== null; found = firstReleasable(next)) {
    const { held, batch, inFlight } = found;
    next = { ...next, held: next.held.filter((h) => h !== held) };
    if (held.declined !== undefined) out.push(declinedByFirstLook(inFlight));
    const [settled, made] = outcome(context, next, {
      run: held.run,
      ok: held.ok,
      batch,
      ...(held.declined === undefined ? {} : { declined: held.declined }),
    });
    next = settled;
    out.push(...made);
  }
  return [next, out];
}

/** The first held run end whose run is the one in flight now, with that run's batch; null when none is. */
function firstReleasable(
  state: ReplayState,
): { readonly held: HeldRunEnd; readonly batch: readonly string[]; readonly inFlight: readonly DueAt[] } | null {
  for (const held of state.held) {
    const batch = state.batches.get(held.runId) ?? [];
    const inFlight = state.runs[held.run].inFlight;
    if (
      inFlight !== null &&
      sameBatch(
        inFlight.map((d) => d.uuid),
        batch,
      )
    )
      return { held, batch, inFlight };
  }
  return null;
}

function startRuns(context: DeciderContext, state: ReplayState, decisions: readonly Decision[]): Stepped {
  let next = state;
  const out: Decision[] = [];
  for (const decision of decisions) {
    out.push(decision);
    const [runs, starts] = requestRun(next.runs, decision);
    next = runs === next.runs ? next : { ...next, runs };
    for (const start of starts) {
      out.push(start);
      if (context.instant(start.run)) next = outcome(context, next, { run: start.run, ok: true, batch: start.batch })[0];
    }
  }
  return [next, out];
}

/** A run ended: triggers learn the outcome, the coalescer may start the trailing run. */
function outcome(context: DeciderContext, state: ReplayState, result: RunOutcome): Stepped {
  const [dropped, skipped] = dropWithoutTrailingRun(context, settleTriggers(context.triggers, state, result), result.run);
  let next = dropped;
  let trailing: Decision[] = skipped;
  const [runs, starts] = endRun(next.runs, result.run, result.ok);
  next = runs === next.runs ? next : { ...next, runs };
  for (const start of starts) {
    trailing = [...trailing, start];
    if (context.instant(start.run)) next = outcome(context, next, { run: start.run, ok: true, batch: start.batch })[0];
  }
  return [next, trailing];
}

/**
 * Claude Code 2.1.332 makes no trailing extraction run unless its cadence is 1: when its policy
 * says so, the requests waiting behind an extraction run that ends are dropped, and their
 * messages go back behind the cursor of the run before them.
 */
function dropWithoutTrailingRun(context: DeciderContext, state: ReplayState, run: RunKind): [ReplayState, Decision[]] {
  if (run !== 'extraction' || context.resolved.extractionTrailing(state.extraction.version)) return [state, []];
  const [kept, dropped] = dropPending(state.runs, 'extraction');
  if (dropped.length === 0) return [state, []];
  const undone: RunOutcome = {
    run: 'extraction',
    ok: true,
    batch: [],
    declined: 'dropped',
    dropped: dropped.filter((d): d is ExtractionDue => d.kind === 'extraction_due'),
  };
  const extraction = settled(context.triggers.extraction, state.extraction, undone);
  return [{ ...state, runs: kept, extraction }, [noTrailingRun(dropped, context.resolved.extraction.everyTurns)]];
}

/** A run its first look declined (enforce): shown as a skip at its newest decision; the cursor stays. */
function declinedByFirstLook(batch: readonly DueAt[]): ExtractionSkipped {
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
function noTrailingRun(dropped: readonly DueAt[], every: number): ExtractionSkipped {
  const count = dropped.length;
  return gateSkip(
    dropped[count - 1] ?? { uuid: '', seq: -1, tokens: 0 },
    'cadence',
    false,
    { every },
    `extraction skipped: no trailing run for ${count} request${count === 1 ? '' : 's'} made while the previous one ran (cadence every ${every}, as Claude Code 2.1.332); their messages wait for the next run`,
  );
}

/** Whether a run_finished outcome says its first look declined the run. */
function declinedByFirstLookOutcome(outcome: unknown): boolean {
  return typeof outcome === 'object' && outcome !== null && 'declined' in outcome && outcome.declined === 'first_look';
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
