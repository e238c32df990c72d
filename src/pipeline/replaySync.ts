import { hasUuid } from '../transcript/entrySchema.js';
import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { EffectRecord } from './effectRecord.js';
import { withoutInterrupted } from './effectLog.js';
import { mergeByPosition } from './mergeByPosition.js';
import { createReplayDecider, recordedKinds, type ReplaySettings, type ReplayState } from './replayDecider.js';

/** The fold of `replayDecisions` without RxJS, over entries and (optionally) effect records, with the state after the entry `at`. */
export function replaySync(
  entries: Iterable<LogEntry>,
  settings: ReplaySettings = {},
  /** Stop right after this entry: its uuid, or its seq. */
  at?: string | number,
  records: readonly EffectRecord[] = [],
  /** Told of each decision as it is made; given it, the decisions are not kept (the result's list stays empty). */
  onDecision?: (decision: Decision) => void,
): { decisions: Decision[]; state: ReplayState; found: boolean } {
  const effective = withoutInterrupted(records);
  const decider = createReplayDecider(effective.length > 0 ? { runs: recordedKinds(effective), ...settings } : settings);
  let state = decider.initialState();
  const decisions: Decision[] = [];
  for (const event of mergeByPosition(entries, effective)) {
    const [next, made] = decider.step(state, event);
    state = next;
    if (onDecision === undefined) decisions.push(...made);
    else for (const decision of made) onDecision(decision);
    if (
      at !== undefined &&
      event.source === 'transcript' &&
      (typeof at === 'number' ? event.event.seq === at : hasUuid(event.event.entry) && event.event.entry.uuid === at)
    )
      return { decisions, state, found: true };
  }
  return { decisions, state, found: at === undefined };
}
