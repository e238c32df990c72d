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
  /** Set when the run was held back by the cadence and the session then went idle (the idle flush). */
  readonly flush?: 'idle';
}

/** The gates that skip an extraction besides the direct write (2.1.332 spec §2). */
export type ExtractionGate = 'prose' | 'cadence' | 'first_look';

/**
 * Extraction was skipped. Without `gate`, the main agent wrote memory itself (`writtenPaths`)
 * and the cursor moved, as every skip read before the gates existed; with one, that gate
 * skipped it and `cursorMoved` says whether its messages are left for the next run.
 */
export interface ExtractionSkipped extends DecisionBase {
  readonly kind: 'extraction_skipped';
  readonly writtenPaths: readonly string[];
  readonly gate?: ExtractionGate;
  readonly cursorMoved?: boolean;
  /** prose: the most words one user message since the cursor held. */
  readonly words?: number;
  /** cadence: the eligible turns counted so far, and every how many a run is due. */
  readonly turns?: number;
  readonly every?: number;
}

/**
 * A gate's skip of an extraction run: where it was decided, which gate, whether the cursor moved,
 * the gate's numbers and the reason that names them (in this order, as `replay --json` prints it).
 */
export function gateSkip(
  at: { readonly uuid: string; readonly seq: number; readonly tokens: number },
  gate: ExtractionGate,
  cursorMoved: boolean,
  numbers: Pick<ExtractionSkipped, 'words' | 'turns' | 'every'>,
  reason: string,
): ExtractionSkipped {
  return {
    kind: 'extraction_skipped',
    uuid: at.uuid,
    seq: at.seq,
    tokens: at.tokens,
    writtenPaths: [],
    gate,
    cursorMoved,
    ...numbers,
    reason,
  };
}

/** The kinds of background run, in the order replay settles them. */
export const RUN_KINDS = ['session_notes', 'extraction', 'compaction'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

/** A background run starts: one per due decision, or one trailing run for several that arrived while another ran. */
export interface RunStart extends DecisionBase {
  readonly kind: 'run_start';
  readonly run: RunKind;
  /** The decisions it serves, by the uuid of the entry that caused each. */
  readonly batch: readonly string[];
  readonly trailing: boolean;
}

export type Decision = SessionNotesDue | CompactionDue | ExtractionDue | ExtractionSkipped | RunStart;

/** What memlog's effect log says happened to a run, as the triggers see it. */
export interface RunOutcome {
  readonly run: RunKind;
  readonly ok: boolean;
  /** The uuids of the decisions the run served. */
  readonly batch: readonly string[];
  /**
   * The run did not extract: its first look answered no (enforce), so its messages stay for the
   * next run; or its requests were dropped unrun (a trailing run Claude Code 2.1.332 does not make).
   */
  readonly declined?: 'first_look' | 'dropped';
  /** With `declined: 'dropped'`: the dropped requests, whose messages go back behind the cursor. */
  readonly dropped?: readonly ExtractionDue[];
}

/** A pure decider: folds log entries, and says what is due on the way. */
export interface Trigger<S, D, E> {
  readonly name: string;
  readonly version: number;
  readonly initialState: () => S;
  readonly step: (state: S, event: E) => readonly [S, readonly D[]];
  /** Decisions still owed when the log ends (the last response has no successor yet). */
  readonly end: (state: S) => readonly [S, readonly D[]];
  /** How a run's outcome changes the state (a failed run leaves its cursor where it was). */
  readonly settle?: (state: S, outcome: RunOutcome) => S;
}

/**
 * The answer of a step that decides nothing, which is most steps: one shared, frozen list
 * instead of a fresh `[]` per entry on the replay's hot path.
 */
export const NO_DECISIONS: readonly never[] = Object.freeze([]);
