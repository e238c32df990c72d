import { hasUuid } from '../transcript/entrySchema.js';
import type { InferredWindow } from '../projections/contextWindowInference.js';
import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { EffectRecord } from './effectRecord.js';
import { withoutInterrupted } from './effectLog.js';
import { mergeByPosition } from './mergeByPosition.js';
import { recordedKinds, type ReplaySettings, type ReplayState } from './replayDecider.js';
import { createWindowDecider, inferredWindowOf, release, replayStateOf, type Held, type WindowFoldState } from './windowDecider.js';

export interface ReplayResult {
  decisions: Decision[];
  state: ReplayState;
  found: boolean;
  /** The window the session's usage proved when none was given (decision 113); null when the default one held it. */
  inferred: InferredWindow | null;
}

/**
 * The fold of `replayDecisions` without RxJS, over entries and (optionally) effect records, with
 * the state after the entry `at`. One walk, which also reads the window the session ran with when
 * `settings` names none (decision 113).
 */
export function replaySync(
  entries: Iterable<LogEntry>,
  settings: ReplaySettings = {},
  /** Stop right after this entry: its uuid, or its seq (read on only while the window is still open). */
  at?: string | number,
  records: readonly EffectRecord[] = [],
  /** Told of each decision as it is made; given it, the decisions are not kept (the result's list stays empty). */
  onDecision?: (decision: Decision) => void,
  /**
   * Told of each decision the fold holds until the window is known, when it is made (while its entry is
   * still among the last few read); `onDecision` hears of it later, or never when the other window wins.
   */
  onHeld?: (decision: Decision) => void,
): ReplayResult {
  const effective = withoutInterrupted(records);
  const decider = createWindowDecider(effective.length > 0 ? { runs: recordedKinds(effective), ...settings } : settings);
  let fold = decider.initialState();
  const decisions: Decision[] = [];
  const emit = (made: readonly Decision[]): void => {
    if (onDecision === undefined) decisions.push(...made);
    else for (const decision of made) onDecision(decision);
  };
  /** The fold as it stood right after `at`, while it was forked: which window it decided by is told later. */
  let forkedAt: Extract<WindowFoldState, { phase: 'forked' }> | null = null;
  for (const event of mergeByPosition(entries, effective)) {
    const before = fold;
    const [next, made] = decider.step(fold, event);
    fold = next;
    if (forkedAt === null) {
      emit(made);
      if (onHeld !== undefined) tellHeld(before, next, onHeld);
    } else if (fold.phase !== 'forked') return settledAt(forkedAt, fold, decisions, emit);
    if (
      forkedAt === null &&
      at !== undefined &&
      event.source === 'transcript' &&
      (typeof at === 'number' ? event.event.seq === at : hasUuid(event.event.entry) && event.event.entry.uuid === at)
    ) {
      if (fold.phase !== 'forked') return { decisions, state: replayStateOf(fold), found: true, inferred: inferredWindowOf(fold) };
      forkedAt = fold;
    }
  }
  if (forkedAt !== null) return settledAt(forkedAt, decider.finish(fold)[0], decisions, emit);
  const [finished, made] = decider.finish(fold);
  emit(made);
  return { decisions, state: replayStateOf(finished), found: at === undefined, inferred: inferredWindowOf(finished) };
}

/** The result at `at`, once the fold that was forked there knows its window: that window's state and decisions up to `at`. */
function settledAt(
  forkedAt: Extract<WindowFoldState, { phase: 'forked' }>,
  settled: WindowFoldState,
  decisions: Decision[],
  emit: (made: readonly Decision[]) => void,
): ReplayResult {
  const window = settled.phase === 'raised' ? 'raised' : 'assumed';
  emit(release(forkedAt.held, window));
  return { decisions, state: replayStateOf(forkedAt, window), found: true, inferred: inferredWindowOf(settled) };
}

/** The decisions a step added to the held ones. */
function tellHeld(before: WindowFoldState, after: WindowFoldState, onHeld: (decision: Decision) => void): void {
  if (after.phase !== 'forked') return;
  const stop: Held | null = before.phase === 'forked' ? before.held : null;
  const added: Decision[] = [];
  for (let h = after.held; h !== stop && h !== null; h = h.earlier) added.push(h.decision);
  for (const decision of added.reverse()) onHeld(decision);
}
