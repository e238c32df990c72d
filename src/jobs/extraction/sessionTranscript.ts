import { describeFailure } from '../../fs/fsError.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import type { LogPosition } from '../../pipeline/effectRecord.js';
import { ConversationWindow, windowed } from '../../resume/conversationWindow.js';
import type { LogEntry } from '../../transcript/logEntry.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';

/**
 * One session's transcript as its extraction reads it: walked once, in order, through the window
 * the runs take their conversation from (decision 55), noting on the way what the runs ask of it
 * (the first working directory and session id). The file is read again only when asked for
 * something the walk has not reached: the window's rare re-read, a value no entry so far held,
 * or where the file ends (a message batch's collected run) (decision 75).
 */
export interface SessionTranscript {
  /** The one walk: every entry, windowed. */
  readonly entries: Iterable<LogEntry>;
  readonly window: ConversationWindow;
  /** Lines of the walk that were not entries. */
  readonly diagnostics: () => number;
  /** Once walked: the walk met entries, none of a kind Claude Code writes (another tool's log, not a transcript). */
  readonly notClaudeCode: () => boolean;
  /** The working directory the session records first. */
  readonly cwd: () => string | undefined;
  /** The session id its entries carry first (a memory's origin, whatever the file is called: decision 68). */
  readonly sessionId: () => string | undefined;
  /** Where the transcript ends now: its last entry. */
  readonly end: () => LogPosition;
}

export function sessionTranscript(session: string): SessionTranscript {
  // What is read again, apart from the walk: its own diagnostics are not the walk's.
  const again = transcriptEntries(session);
  let diagnostics = 0;
  const walk = transcriptEntries(session, { onDiagnostic: () => diagnostics++ });
  const window = new ConversationWindow(again);
  const cwd = firstSeen(again, (entry) => stringAt(entry, 'cwd'));
  const sessionId = firstSeen(again, (entry) => stringAt(entry, 'sessionId') || undefined);
  let ended: LogPosition | undefined;
  let entries = 0;
  let claudeCodeEntries = 0;
  function* noted(): Generator<LogEntry> {
    for (const item of walk) {
      entries++;
      if (item.entry.type !== 'unknown') claudeCodeEntries++;
      cwd.note(item);
      sessionId.note(item);
      yield item;
    }
  }
  return {
    entries: windowed({ [Symbol.iterator]: noted }, window),
    window,
    diagnostics: () => diagnostics,
    notClaudeCode: () => entries > 0 && claudeCodeEntries === 0,
    cwd: cwd.value,
    sessionId: sessionId.value,
    end: () => (ended ??= lastPosition(again)),
  };
}

const stringAt = (item: LogEntry, key: string): string | undefined => {
  const value = (item.entry as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The first value `held` finds in an entry: noted as the walk passes (the walk reads the file
 * from its start, so the first it notes is the file's first), else looked for ahead; undefined
 * when no entry holds one or the file cannot be read.
 */
function firstSeen(
  file: Iterable<LogEntry>,
  held: (item: LogEntry) => string | undefined,
): { readonly note: (item: LogEntry) => void; readonly value: () => string | undefined } {
  let found: string | undefined;
  return {
    note: (item) => {
      found ??= held(item);
    },
    value: () => {
      if (found !== undefined) return found;
      try {
        for (const item of file) if ((found = held(item)) !== undefined) break;
      } catch (error) {
        if (describeFailure(error) === undefined) throw error;
      }
      return found;
    },
  };
}

/** Where the transcript ends now: its last entry. */
function lastPosition(entries: Iterable<LogEntry>): LogPosition {
  let last: LogEntry | undefined;
  for (const item of entries) last = item;
  return { seq: last?.seq ?? -1, uuid: last !== undefined && hasUuid(last.entry) ? last.entry.uuid : null };
}
