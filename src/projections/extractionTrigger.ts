import { NO_DECISIONS, type ExtractionDue, type ExtractionSkipped, type RunOutcome, type Trigger } from './decisions.js';
import { canUndo, moveCursor, undoDropped, undoMove } from './extractionCursor.js';
import { EXTRACTION_GATES, ran, type Evaluated, type TurnEnd } from './extractionGates.js';
import { flushIfIdle } from './extractionIdleFlush.js';
import {
  apply,
  DEFAULT_EXTRACTION_SETTINGS,
  initialState,
  withWaiting,
  type ExtractionSettings,
  type ExtractionState,
} from './extractionState.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { closeSample, stepSample } from './responseSample.js';
import * as tokens from './tokens.js';

export { DEFAULT_EXTRACTION_SETTINGS, isClaudeMemoryPath, type ExtractionSettings, type ExtractionState } from './extractionState.js';

type ExtractionDecision = ExtractionDue | ExtractionSkipped;

/**
 * When durable-memory extraction is due (long-term spec §3.1–3.3): at the end of a main-thread
 * turn (a response without tool calls), over the model-visible messages after the cursor, unless
 * a gate (extractionGates.ts, in order) holds it back. The cursor moves at the decision, as if the
 * run succeeded: a replay without effect records shows the decisions a healthy session would make;
 * the effect log corrects failures (`settle`). Decision 75 splits it by job.
 */
export function createExtractionTrigger(
  settings: ExtractionSettings = DEFAULT_EXTRACTION_SETTINGS,
): Trigger<ExtractionState, ExtractionDecision, LogEntry> {
  const steps = {
    apply: (state: ExtractionState, event: LogEntry) => apply(state, event, settings),
    evaluate: (state: ExtractionState) => evaluate(state, settings),
    withWaiting,
  };

  function step(state: ExtractionState, event: LogEntry): Evaluated {
    if (!tokens.isMainThreadMessage(event)) return [state, NO_DECISIONS];
    const stepped = stepSample(state, event, steps);
    if (stepped[0].held === null || stepped[0].held === state.held) return stepped;
    const [flushed, more] = flushIfIdle(settings, state, stepped[0], event);
    return more.length === 0 ? stepped : [flushed, [...stepped[1], ...more]];
  }

  return {
    name: 'extractionTrigger',
    version: 1,
    initialState,
    step,
    end: (state) => closeSample(state, steps),
    settle,
  };
}

/** The sampled response evaluated: nothing when it called tools or nothing is new, else the first gate that holds it back, else a run. */
function evaluate(state: ExtractionState, settings: ExtractionSettings): Evaluated {
  const { sample } = state;
  if (!sample) return [state, NO_DECISIONS];
  const idle = { ...state, sample: null, held: null, version: sample.version };
  if (sample.hasToolUse) return [idle, NO_DECISIONS];
  const newMessages = state.cursorLost ? state.messagesSinceBoundary : state.messagesSinceCursor;
  if (newMessages === 0) return [idle, NO_DECISIONS];
  const turn = turnEnd(state, sample, idle, newMessages, settings);
  for (const gate of EXTRACTION_GATES) {
    const held = gate(turn, settings);
    if (held !== null) return held;
  }
  const moved = { ...idle, ...moveCursor(sample.uuid) };
  return [ran(moved, state, turn.due, { writes: turn.written, words: turn.words }), [turn.due]];
}

function turnEnd(
  state: ExtractionState,
  sample: NonNullable<ExtractionState['sample']>,
  idle: ExtractionState,
  newMessages: number,
  settings: ExtractionSettings,
): TurnEnd {
  const at = { uuid: sample.uuid, seq: sample.seq, tokens: tokens.selectContextTokens(state.tokens) };
  const due: ExtractionDue = {
    kind: 'extraction_due',
    ...at,
    newMessages,
    cursor: state.cursor,
    reason: `extraction due: turn ended without tool calls, ${newMessages} new messages since the cursor`,
  };
  return {
    before: state,
    sample,
    at,
    newMessages,
    written: state.cursorLost ? state.memoryWritesSinceBoundary : state.memoryWritesSinceCursor,
    words: state.cursorLost && settings.proseAcrossCompaction !== true ? state.proseSinceBoundary : state.proseSinceCursor,
    idle,
    due,
  };
}

/**
 * A failed run moves the cursor back, so its messages are covered by the next run (spec §3.3
 * step 7); only the newest run can be undone, as an older one's messages are already behind a
 * newer cursor. A run its first look declined moves it back the same way (the cursor stays),
 * without counting a failure. Dropped requests (no trailing run) put their messages back behind
 * the cursor of the run before them.
 */
function settle(state: ExtractionState, outcome: RunOutcome): ExtractionState {
  if (outcome.run !== 'extraction') return state;
  if (outcome.declined === 'dropped') return undrop(state, outcome.dropped ?? []);
  if (outcome.ok && outcome.declined === undefined) return state;
  const undo = state.lastDue;
  if (!canUndo(state, undo) || !outcome.batch.includes(undo.uuid)) return state;
  const failures = outcome.declined === undefined ? state.failures + 1 : state.failures;
  return { ...state, ...undoMove(state, undo), failures, lastDue: null };
}

function undrop(state: ExtractionState, dropped: readonly ExtractionDue[]): ExtractionState {
  const newest = dropped[dropped.length - 1];
  if (newest === undefined || state.cursor !== newest.uuid) return state;
  const undo = state.lastDue;
  const words = undo !== null && dropped.some((d) => d.uuid === undo.uuid) ? undo.words : -1;
  return { ...state, ...undoDropped(state, dropped, words), runs: state.runs - dropped.length, lastDue: null };
}
