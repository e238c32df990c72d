import { NO_DECISIONS, type ExtractionDue } from './decisions.js';
import { moveCursor } from './extractionCursor.js';
import { ran, type Evaluated } from './extractionGates.js';
import type { ExtractionSettings, ExtractionState } from './extractionState.js';
import type { LogEntry } from '../transcript/logEntry.js';

/**
 * The idle flush, a trigger of its own over the extraction state: the entry after a turn the
 * cadence held back came `idleFlushMs` or more after it, so the held run is due after all, over
 * what it covered then. Only that first entry is compared (the step that held the turn): later
 * ones belong to a conversation that went on.
 */
export function flushIfIdle(settings: ExtractionSettings, before: ExtractionState, after: ExtractionState, event: LogEntry): Evaluated {
  const held = after.held;
  if (held === null || held === before.held) return [after, NO_DECISIONS];
  const gap = elapsedMs(held.timestamp, (event.entry as { timestamp?: unknown }).timestamp);
  if (gap === null || gap < (settings.idleFlushMs ?? 0)) return [after, NO_DECISIONS];
  const due: ExtractionDue = {
    ...held.due,
    flush: 'idle',
    reason: `extraction due by the idle flush: ${Math.round(gap / 1000)} s passed after a turn the cadence held back (${held.due.newMessages} messages since the cursor)`,
  };
  // What came after the held turn's end stays after the new cursor.
  const stillBehind = Math.max(0, after.messagesSinceCursor - due.newMessages);
  const moved: ExtractionState = { ...after, held: null, ...moveCursor(due.uuid, stillBehind) };
  return [ran(moved, after, due, { writes: [], words: held.words }), [due]];
}

/** Milliseconds from one ISO timestamp to another; null when either is missing or unreadable. */
function elapsedMs(from: string | null, to: unknown): number | null {
  if (from === null || typeof to !== 'string') return null;
  const gap = Date.parse(to) - Date.parse(from);
  return Number.isNaN(gap) ? null : gap;
}
