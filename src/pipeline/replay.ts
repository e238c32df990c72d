import { concat, filter, map, mergeMap, of, scan, type Observable } from 'rxjs';
import { createAutocompactTrigger, DEFAULT_AUTOCOMPACT_SETTINGS, type AutocompactSettings, type AutocompactState } from '../projections/autocompactTrigger.js';
import type { Decision, Trigger } from '../projections/decisions.js';
import { createExtractionTrigger, DEFAULT_EXTRACTION_SETTINGS, type ExtractionSettings, type ExtractionState } from '../projections/extractionCursor.js';
import type { LogEntry } from '../projections/projection.js';
import { createSessionNotesTrigger, DEFAULT_SESSION_NOTES_THRESHOLDS, type SessionNotesState, type SessionNotesThresholds } from '../projections/sessionNotesTrigger.js';
import type { ReadItem } from '../transcript/readItem.js';

export interface ReplaySettings {
  readonly sessionNotes?: Partial<SessionNotesThresholds>;
  readonly autocompact?: Partial<AutocompactSettings>;
  readonly extraction?: Partial<ExtractionSettings>;
}

/** The triggers' states side by side; what `memlog replay --at` prints. */
export interface ReplayState {
  readonly sessionNotes: SessionNotesState;
  readonly autocompact: AutocompactState;
  readonly extraction: ExtractionState;
}

/** A pure decider over every trigger: one step per entry, decisions in a fixed order. */
export function createReplayDecider(settings: ReplaySettings = {}): Trigger<ReplayState, Decision, LogEntry> {
  const notes = createSessionNotesTrigger({ ...DEFAULT_SESSION_NOTES_THRESHOLDS, ...settings.sessionNotes });
  const compact = createAutocompactTrigger({ ...DEFAULT_AUTOCOMPACT_SETTINGS, ...settings.autocompact });
  const extract = createExtractionTrigger({ ...DEFAULT_EXTRACTION_SETTINGS, ...settings.extraction });
  const combine = (run: <S, D>(trigger: Trigger<S, D, LogEntry>, state: S) => readonly [S, readonly D[]], state: ReplayState): readonly [ReplayState, readonly Decision[]] => {
    const [sessionNotes, noteDecisions] = run(notes, state.sessionNotes);
    const [autocompact, compactDecisions] = run(compact, state.autocompact);
    const [extraction, extractionDecisions] = run(extract, state.extraction);
    const decisions = [...noteDecisions, ...compactDecisions, ...extractionDecisions];
    const same = sessionNotes === state.sessionNotes && autocompact === state.autocompact && extraction === state.extraction;
    return [same ? state : { sessionNotes, autocompact, extraction }, decisions];
  };
  return {
    name: 'replay',
    version: 1,
    initialState: () => ({ sessionNotes: notes.initialState(), autocompact: compact.initialState(), extraction: extract.initialState() }),
    step: (state, event) => combine((trigger, s) => trigger.step(s, event), state),
    end: (state) => combine((trigger, s) => trigger.end(s), state),
  };
}

const END = Symbol('end of log');

/**
 * Folds the triggers over a stream of read items with `scan` and emits every decision in log
 * order. Deterministic: no clock, no randomness; the same items give the same decisions.
 */
export function replayDecisions(items: Observable<ReadItem>, settings: ReplaySettings = {}): Observable<Decision> {
  const decider = createReplayDecider(settings);
  const events: Observable<LogEntry | typeof END> = concat(
    items.pipe(filter((item): item is Extract<ReadItem, { kind: 'entry' }> => item.kind === 'entry')),
    of(END),
  );
  return events.pipe(
    scan<LogEntry | typeof END, readonly [ReplayState, readonly Decision[]]>(([state], event) => (event === END ? decider.end(state) : decider.step(state, event)), [decider.initialState(), []]),
    map(([, decisions]) => decisions),
    mergeMap((decisions) => decisions),
  );
}

/** The same fold without RxJS, with the state after the entry `at` (or at the end). */
export function replaySync(entries: Iterable<LogEntry>, settings: ReplaySettings = {}, at?: string): { decisions: Decision[]; state: ReplayState; found: boolean } {
  const decider = createReplayDecider(settings);
  let state = decider.initialState();
  const decisions: Decision[] = [];
  for (const event of entries) {
    const [next, made] = decider.step(state, event);
    state = next;
    decisions.push(...made);
    if (at !== undefined && (event.entry as { uuid?: unknown }).uuid === at) return { decisions, state, found: true };
  }
  const [last, made] = decider.end(state);
  decisions.push(...made);
  return { decisions, state: last, found: at === undefined };
}
