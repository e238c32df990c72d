import { createAutocompactTrigger, type AutocompactState } from '../projections/autocompactTrigger.js';
import type { Decision, RunOutcome, Trigger } from '../projections/decisions.js';
import { createExtractionTrigger, type ExtractionState } from '../projections/extractionTrigger.js';
import { createSessionNotesTrigger, type SessionNotesState } from '../projections/sessionNotesTrigger.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { ResolvedSettings } from './policySettings.js';

/** Each trigger's state, by the name the replay state gives it. */
export interface TriggerStates {
  readonly sessionNotes: SessionNotesState;
  readonly autocompact: AutocompactState;
  readonly extraction: ExtractionState;
}

/** The replay's triggers as a typed record: each one's state type is the one its key holds in TriggerStates. */
export type ReplayTriggers = { readonly [K in keyof TriggerStates]: Trigger<TriggerStates[K], Decision, LogEntry> };

export function createReplayTriggers(resolved: ResolvedSettings): ReplayTriggers {
  return {
    sessionNotes: createSessionNotesTrigger(resolved.sessionNotes),
    autocompact: createAutocompactTrigger(resolved.autocompact),
    extraction: createExtractionTrigger(resolved.extraction),
  };
}

export function initialTriggerStates(triggers: ReplayTriggers): TriggerStates {
  return {
    sessionNotes: triggers.sessionNotes.initialState(),
    autocompact: triggers.autocompact.initialState(),
    extraction: triggers.extraction.initialState(),
  };
}

/** One trigger told a run's outcome (a trigger without `settle` does not care). */
export function settled<S>(trigger: Trigger<S, Decision, LogEntry>, state: S, outcome: RunOutcome): S {
  return trigger.settle === undefined ? state : trigger.settle(state, outcome);
}

/**
 * Every trigger told a run's outcome: the same object when none changed, else `states` with the
 * changed ones in their place (its other fields, and their order, kept: `replay --at` prints it).
 */
export function settleTriggers<S extends TriggerStates>(triggers: ReplayTriggers, states: S, outcome: RunOutcome): S {
  const sessionNotes = settled(triggers.sessionNotes, states.sessionNotes, outcome);
  const autocompact = settled(triggers.autocompact, states.autocompact, outcome);
  const extraction = settled(triggers.extraction, states.extraction, outcome);
  if (sessionNotes === states.sessionNotes && autocompact === states.autocompact && extraction === states.extraction) return states;
  return { ...states, sessionNotes, autocompact, extraction };
}
