/**
 * The extraction cursor (Claude Code's lastMemoryMessageUuid) and what has gathered behind it,
 * with its moves and their undo as pure functions (decision 75). The fields keep the names and
 * the order they have in ExtractionState, whose JSON `memlog replay --at` prints.
 */
export interface CursorFields {
  /** The last message the previous run (or skip) covered. */
  readonly cursor: string | null;
  /** The cursor's message was compacted away: count everything since the boundary instead. */
  readonly cursorLost: boolean;
  readonly messagesSinceCursor: number;
  /** Memory files the main agent wrote with Edit/Write since the cursor. */
  readonly memoryWritesSinceCursor: readonly string[];
  /** The most words one user message since the cursor held, for the prose gate; -1: none yet. */
  readonly proseSinceCursor: number;
}

/** What a run covered when the cursor moved past it: given back should the run not count. */
export interface CoveredByRun {
  readonly newMessages: number;
  readonly writes: readonly string[];
  readonly words: number;
}

/** How to undo the newest move: where the cursor stood, and what the move covered (key order as `replay --at` prints it). */
export interface CursorUndo extends CoveredByRun {
  /** The entry the cursor moved to. */
  readonly uuid: string;
  readonly cursor: string | null;
  readonly cursorLost: boolean;
}

const NOTHING_WRITTEN: readonly string[] = Object.freeze([]);

/** The cursor moved to `uuid`; `stillBehind` messages that came after that entry stay behind it. */
export function moveCursor(uuid: string, stillBehind = 0): CursorFields {
  return {
    cursor: uuid,
    cursorLost: false,
    messagesSinceCursor: stillBehind,
    memoryWritesSinceCursor: NOTHING_WRITTEN,
    proseSinceCursor: -1,
  };
}

/** The record that undoes moving from `from` to `uuid` over what the run `covered`. */
export function undoRecord(from: CursorFields, uuid: string, covered: CoveredByRun): CursorUndo {
  return {
    uuid,
    cursor: from.cursor,
    cursorLost: from.cursorLost,
    newMessages: covered.newMessages,
    writes: covered.writes,
    words: covered.words,
  };
}

/**
 * The newest move undone (a failed run, or one its first look declined): the cursor back where it
 * stood, the run's messages behind it again, in front of whatever arrived since.
 */
export function undoMove(now: CursorFields, undo: CursorUndo): CursorFields {
  return {
    cursor: undo.cursor,
    cursorLost: undo.cursorLost,
    messagesSinceCursor: now.messagesSinceCursor + undo.newMessages,
    memoryWritesSinceCursor: [...undo.writes, ...now.memoryWritesSinceCursor],
    proseSinceCursor: Math.max(now.proseSinceCursor, undo.words),
  };
}

/**
 * Requests dropped unrun (no trailing run): the cursor back before the first of them, their
 * messages behind it again. Whether it was lost stays as it is now.
 */
export function undoDropped(
  now: CursorFields,
  dropped: readonly { readonly cursor: string | null; readonly newMessages: number }[],
  words: number,
): CursorFields {
  const first = dropped[0];
  if (first === undefined) return now;
  return {
    cursor: first.cursor,
    cursorLost: now.cursorLost,
    messagesSinceCursor: now.messagesSinceCursor + dropped.reduce((n, d) => n + d.newMessages, 0),
    memoryWritesSinceCursor: now.memoryWritesSinceCursor,
    proseSinceCursor: Math.max(now.proseSinceCursor, words),
  };
}

/** Whether the newest move is the one `undo` records and can still be undone: the cursor has not moved since. */
export function canUndo(now: CursorFields, undo: CursorUndo | null): undo is CursorUndo {
  return undo !== null && now.cursor === undo.uuid;
}
