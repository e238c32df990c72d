import type { Decision, ExtractionDue, RunStart } from '../../projections/decisions.js';
import { liveConversation } from '../../resume/loadConversation.js';
import type { LogEntry } from '../../transcript/logEntry.js';

/** What one extraction run reads: the conversation up to its start, how much of it is new since the cursor, and the time it stamps. */
export type ExtractionFrame = ReturnType<typeof buildFrame>;

/**
 * The frames of one session's runs, each built once: a batch run's record and its request both
 * need the run's view of the conversation. `forget` drops a frame once its run has it.
 */
export function extractionFrames(entries: readonly LogEntry[]): {
  readonly frame: (start: RunStart, decisions: readonly Decision[]) => ExtractionFrame;
  readonly forget: (start: RunStart) => void;
} {
  const timeOf = new Map(entries.map((e) => [(e.entry as { uuid?: string }).uuid, (e.entry as { timestamp?: string }).timestamp]));
  const frames = new Map<RunStart, ExtractionFrame>();
  return {
    frame: (start, decisions) => {
      const known = frames.get(start);
      if (known !== undefined) return known;
      const made = buildFrame(entries, timeOf, start, decisions);
      frames.set(start, made);
      return made;
    },
    forget: (start) => {
      frames.delete(start);
    },
  };
}

function buildFrame(
  entries: readonly LogEntry[],
  timeOf: ReadonlyMap<string | undefined, string | undefined>,
  start: RunStart,
  decisions: readonly Decision[],
) {
  const snapshot = liveConversation(entries.filter((e) => e.seq <= start.seq));
  const cursor = (decisions[0] as ExtractionDue | undefined)?.cursor ?? null;
  const at = cursor === null ? -1 : snapshot.findIndex((m) => m.sources.includes(cursor));
  return {
    snapshot,
    conversation: snapshot.map(({ role, content }) => ({ role, content })),
    newMessages: at === -1 ? snapshot.length : snapshot.length - at - 1,
    from: cursor,
    to: start.uuid,
    now: timeOf.get(start.uuid) ?? '1970-01-01T00:00:00.000Z',
  };
}
