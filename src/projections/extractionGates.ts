import { gateSkip, type ExtractionDue, type ExtractionSkipped } from './decisions.js';
import { moveCursor, undoRecord } from './extractionCursor.js';
import type { ExtractionSettings, ExtractionState } from './extractionState.js';
import { wordsBucket } from './proseWords.js';

/** A main-thread turn that ended without tool calls and with new messages: what the gates look at. */
export interface TurnEnd {
  readonly before: ExtractionState;
  readonly sample: NonNullable<ExtractionState['sample']>;
  readonly at: { readonly uuid: string; readonly seq: number; readonly tokens: number };
  readonly newMessages: number;
  /** Memory files the main agent wrote itself since the cursor. */
  readonly written: readonly string[];
  /** The most words one user message since the cursor held (what the prose gate counts). */
  readonly words: number;
  /** The state with the response evaluated and nothing held, the cursor where it was. */
  readonly idle: ExtractionState;
  /** The run that is due unless a gate says otherwise. */
  readonly due: ExtractionDue;
}

export type Evaluated = readonly [ExtractionState, readonly (ExtractionDue | ExtractionSkipped)[]];

/** A gate: a skip when it holds the turn back, null when the turn passes it. */
export type ExtractionGateCheck = (turn: TurnEnd, settings: ExtractionSettings) => Evaluated | null;

/** The state after a skip that moves the cursor to the turn's end, as if a run had covered it. */
function skippedPast(turn: TurnEnd): ExtractionState {
  return { ...turn.idle, ...moveCursor(turn.sample.uuid), skips: turn.before.skips + 1 };
}

/** The main agent wrote memory itself since the cursor: no run, the cursor moves (long-term spec §3.3). */
export const directWrite: ExtractionGateCheck = (turn) => {
  if (turn.written.length === 0) return null;
  const skip: ExtractionSkipped = {
    kind: 'extraction_skipped',
    ...turn.at,
    writtenPaths: turn.written,
    reason: `extraction skipped: the main agent wrote memory itself (${turn.written.join(', ')}); cursor moved`,
  };
  return [skippedPast(turn), [skip]];
};

/** The prose gate (Claude Code 2.1.332): no user message since the cursor has enough words; the cursor moves. */
export const proseGate: ExtractionGateCheck = (turn, settings) => {
  const minWords = settings.minProseWords ?? 0;
  if (minWords <= 0 || turn.words >= minWords) return null;
  if (settings.proseGateFor !== undefined && !settings.proseGateFor(turn.sample.version)) return null;
  const most = Math.max(turn.words, 0);
  const skip = gateSkip(
    turn.at,
    'prose',
    true,
    { words: most },
    `extraction skipped by the prose gate: no user message since the cursor has ${minWords} words or more (most ${most}, bucket ${wordsBucket(most)}; ${turn.newMessages} messages); cursor moved`,
  );
  return [skippedPast(turn), [skip]];
};

/** The cadence: only every Nth eligible turn runs; the cursor stays, and the idle flush may run the turn later. */
export const cadence: ExtractionGateCheck = (turn, settings) => {
  const turns = turn.before.turnsSinceLastRun + 1;
  if (turns >= settings.everyTurns) return null;
  const skip = gateSkip(
    turn.at,
    'cadence',
    false,
    { turns, every: settings.everyTurns },
    `extraction skipped by the cadence: eligible turn ${turns} of every ${settings.everyTurns} (${turn.newMessages} messages wait); cursor stays`,
  );
  const held = (settings.idleFlushMs ?? 0) > 0 ? { due: turn.due, timestamp: turn.sample.timestamp, words: turn.words } : null;
  return [{ ...turn.idle, turnsSinceLastRun: turns, skips: turn.before.skips + 1, held }, [skip]];
};

/** The gates in the order they are asked; the first that holds the turn back decides. */
export const EXTRACTION_GATES: readonly ExtractionGateCheck[] = [directWrite, proseGate, cadence];

/**
 * The state after a due decision: the cursor at its entry (as if the run succeeded, with what it
 * covered kept to undo that), the cadence counted again.
 */
export function ran(
  moved: ExtractionState,
  before: ExtractionState,
  due: ExtractionDue,
  covered: { readonly writes: readonly string[]; readonly words: number },
): ExtractionState {
  const lastDue = undoRecord(before, due.uuid, { newMessages: due.newMessages, writes: covered.writes, words: covered.words });
  return { ...moved, turnsSinceLastRun: 0, runs: before.runs + 1, lastDue };
}
