/**
 * What the triggers decide, as data. Each names the entry that caused it (`uuid`, `seq`), the
 * context size then (`tokens`) and why, in words a person can read.
 */
interface DecisionBase {
  readonly uuid: string;
  readonly seq: number;
  readonly tokens: number;
  readonly reason: string;
}

/** Session notes should be brought up to date (spec §4.3). */
export interface SessionNotesDue extends DecisionBase {
  readonly kind: 'session_notes_due';
  readonly toolCallsSinceUpdate: number;
  /** Where lastSummarizedMessageId stands after this update (it moves only on a turn without tool calls). */
  readonly lastSummarizedMessageId: string | null;
}

/** The context reached the autocompact threshold (spec §5.3). */
export interface CompactionDue extends DecisionBase {
  readonly kind: 'compaction_due';
  readonly threshold: number;
}

/** Durable-memory extraction should run over the messages after the cursor (long-term spec §3.3). */
export interface ExtractionDue extends DecisionBase {
  readonly kind: 'extraction_due';
  /** Model-visible messages after the cursor (user and assistant, tool results included). */
  readonly newMessages: number;
  /** The cursor before this run: the last message the previous run saw. */
  readonly cursor: string | null;
}

/** Extraction was skipped, and its cursor moved: the main agent wrote memory itself. */
export interface ExtractionSkipped extends DecisionBase {
  readonly kind: 'extraction_skipped';
  readonly writtenPaths: readonly string[];
}

export type Decision = SessionNotesDue | CompactionDue | ExtractionDue | ExtractionSkipped;

/** A pure decider: folds log entries, and says what is due on the way. */
export interface Trigger<S, D, E> {
  readonly name: string;
  readonly version: number;
  readonly initialState: () => S;
  readonly step: (state: S, event: E) => readonly [S, readonly D[]];
  /** Decisions still owed when the log ends (the last response has no successor yet). */
  readonly end: (state: S) => readonly [S, readonly D[]];
}
