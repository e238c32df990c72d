import type { AssistantEntry } from '../transcript/chainSchema.js';
import { isToolUseBlock, toolInputFilePath } from '../transcript/contentGuards.js';
import { isModelResponse } from '../transcript/modelResponse.js';
import { gateSkip, NO_DECISIONS, type ExtractionDue, type ExtractionSkipped, type RunOutcome, type Trigger } from './decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { proseWords, wordsBucket } from './proseWords.js';
import { closeSample, stepSample } from './responseSample.js';
import { entryVersion } from './triggerPolicy.js';
import * as tokens from './tokens.js';

export interface ExtractionSettings {
  /** Run on every Nth eligible turn end (Claude Code's default is 1: every turn). */
  readonly everyTurns: number;
  /** Whether a file path is inside the auto-memory directory (team memory included). */
  readonly isMemoryPath: (path: string) => boolean;
  /**
   * The prose gate (Claude Code 2.1.332, file mode): skip, cursor moved, unless a user message
   * since the cursor holds at least this many whitespace-separated words. 0 (the default): off.
   */
  readonly minProseWords?: number;
  /** Given, the prose gate applies only to a turn ended by a response of a version it accepts (the claude-code policy). */
  readonly proseGateFor?: (version: string | null) => boolean;
  /** Whether a compact summary's words count for the prose gate (true unless told otherwise: it is not a meta message). */
  readonly proseInSummaries?: boolean;
  /**
   * Whether the prose gate still counts the words since the cursor once the cursor's message was
   * compacted away (memlog: it read them, and the compaction does not unsay them), instead of
   * only those since the boundary (Claude Code, which sees only the messages it still holds).
   */
  readonly proseAcrossCompaction?: boolean;
  /**
   * The idle flush: a turn the cadence held back runs after all when the next entry comes this
   * many milliseconds or more after the turn ended (by the entries' timestamps). 0 or absent: off.
   */
  readonly idleFlushMs?: number;
}

/** `<config>/projects/<project>/memory/…`: where Claude Code keeps a project's durable memory. */
export function isClaudeMemoryPath(path: string): boolean {
  return /(^|\/)projects\/[^/]+\/memory\/[^/]/.test(path.replace(/\\/g, '/'));
}

export const DEFAULT_EXTRACTION_SETTINGS: ExtractionSettings = { everyTurns: 1, isMemoryPath: isClaudeMemoryPath };

export interface ExtractionState {
  readonly tokens: tokens.TokensState;
  /** lastMemoryMessageUuid: the last message the previous run (or skip) covered. */
  readonly cursor: string | null;
  /** The cursor's message was compacted away: count everything since the boundary instead. */
  readonly cursorLost: boolean;
  readonly messagesSinceCursor: number;
  readonly messagesSinceBoundary: number;
  /** Memory files the main agent wrote with Edit/Write since the cursor (and since the boundary). */
  readonly memoryWritesSinceCursor: readonly string[];
  readonly memoryWritesSinceBoundary: readonly string[];
  readonly turnsSinceLastRun: number;
  /** The most words one user message since the cursor (since the boundary) held, for the prose gate; -1: none yet. */
  readonly proseSinceCursor: number;
  readonly proseSinceBoundary: number;
  readonly sample: {
    readonly uuid: string;
    readonly seq: number;
    readonly messageId: string | null;
    readonly hasToolUse: boolean;
    /** The Claude Code version that wrote the response, and when. */
    readonly version: string | null;
    readonly timestamp: string | null;
  } | null;
  /** The Claude Code version of the newest response evaluated (whose rules a claude-code replay follows). */
  readonly version: string | null;
  /** A turn end the cadence held back, with what a run there would have covered (for the idle flush). */
  readonly held: {
    readonly due: ExtractionDue;
    readonly timestamp: string | null;
    readonly words: number;
  } | null;
  /** Entries that arrived between the sampled response's pieces: applied once it is evaluated. */
  readonly waiting: readonly LogEntry[];
  readonly runs: number;
  readonly skips: number;
  readonly failures: number;
  /** The newest due decision, to undo its optimistic cursor move if its run fails. */
  readonly lastDue: {
    readonly uuid: string;
    readonly cursor: string | null;
    readonly cursorLost: boolean;
    readonly newMessages: number;
    readonly writes: readonly string[];
    readonly words: number;
  } | null;
}

export function initialState(): ExtractionState {
  return {
    tokens: tokens.initialState(),
    cursor: null,
    cursorLost: false,
    messagesSinceCursor: 0,
    messagesSinceBoundary: 0,
    memoryWritesSinceCursor: [],
    memoryWritesSinceBoundary: [],
    turnsSinceLastRun: 0,
    proseSinceCursor: -1,
    proseSinceBoundary: -1,
    sample: null,
    version: null,
    held: null,
    waiting: [],
    runs: 0,
    skips: 0,
    failures: 0,
    lastDue: null,
  };
}

type ExtractionDecision = ExtractionDue | ExtractionSkipped;

/**
 * When durable-memory extraction is due (long-term spec §3.1–3.3): at the end of a main-thread
 * turn (a response without tool calls), over the model-visible messages after the cursor. When
 * the main agent itself wrote a memory file since the cursor, the run is skipped and the cursor
 * moves. The cursor moves at the decision, as if the run succeeded: a replay without effect
 * records shows the decisions a healthy session would make; the effect log corrects failures.
 */
export function createExtractionTrigger(
  settings: ExtractionSettings = DEFAULT_EXTRACTION_SETTINGS,
): Trigger<ExtractionState, ExtractionDecision, LogEntry> {
  const minWords = settings.minProseWords ?? 0;

  function evaluate(state: ExtractionState): readonly [ExtractionState, readonly ExtractionDecision[]] {
    const { sample } = state;
    if (!sample) return [state, NO_DECISIONS];
    const idle = { ...state, sample: null, held: null, version: sample.version };
    if (sample.hasToolUse) return [idle, NO_DECISIONS];
    const newMessages = state.cursorLost ? state.messagesSinceBoundary : state.messagesSinceCursor;
    if (newMessages === 0) return [idle, NO_DECISIONS];
    const now = tokens.selectContextTokens(state.tokens);
    const written = state.cursorLost ? state.memoryWritesSinceBoundary : state.memoryWritesSinceCursor;
    const words = state.cursorLost && settings.proseAcrossCompaction !== true ? state.proseSinceBoundary : state.proseSinceCursor;
    const moved = {
      ...idle,
      cursor: sample.uuid,
      cursorLost: false,
      messagesSinceCursor: 0,
      memoryWritesSinceCursor: [],
      proseSinceCursor: -1,
    };
    if (written.length > 0) {
      const skip: ExtractionSkipped = {
        kind: 'extraction_skipped',
        uuid: sample.uuid,
        seq: sample.seq,
        tokens: now,
        writtenPaths: written,
        reason: `extraction skipped: the main agent wrote memory itself (${written.join(', ')}); cursor moved`,
      };
      return [{ ...moved, skips: state.skips + 1 }, [skip]];
    }
    if (minWords > 0 && words < minWords && (settings.proseGateFor === undefined || settings.proseGateFor(sample.version))) {
      const most = Math.max(words, 0);
      const skip = gateSkip(
        { uuid: sample.uuid, seq: sample.seq, tokens: now },
        'prose',
        true,
        { words: most },
        `extraction skipped by the prose gate: no user message since the cursor has ${minWords} words or more (most ${most}, bucket ${wordsBucket(most)}; ${newMessages} messages); cursor moved`,
      );
      return [{ ...moved, skips: state.skips + 1 }, [skip]];
    }
    const due: ExtractionDue = {
      kind: 'extraction_due',
      uuid: sample.uuid,
      seq: sample.seq,
      tokens: now,
      newMessages,
      cursor: state.cursor,
      reason: `extraction due: turn ended without tool calls, ${newMessages} new messages since the cursor`,
    };
    const turns = state.turnsSinceLastRun + 1;
    if (turns < settings.everyTurns) {
      const skip = gateSkip(
        { uuid: sample.uuid, seq: sample.seq, tokens: now },
        'cadence',
        false,
        { turns, every: settings.everyTurns },
        `extraction skipped by the cadence: eligible turn ${turns} of every ${settings.everyTurns} (${newMessages} messages wait); cursor stays`,
      );
      const held = (settings.idleFlushMs ?? 0) > 0 ? { due, timestamp: sample.timestamp, words } : null;
      return [{ ...idle, turnsSinceLastRun: turns, skips: state.skips + 1, held }, [skip]];
    }
    return [ran(moved, state, due, written, words), [due]];
  }

  /** The state after a due decision: the cursor at its entry (as if the run succeeded), the cadence counted again. */
  function ran(
    moved: ExtractionState,
    before: ExtractionState,
    due: ExtractionDue,
    written: readonly string[],
    words: number,
  ): ExtractionState {
    const lastDue = {
      uuid: due.uuid,
      cursor: before.cursor,
      cursorLost: before.cursorLost,
      newMessages: due.newMessages,
      writes: written,
      words,
    };
    return { ...moved, turnsSinceLastRun: 0, runs: before.runs + 1, lastDue };
  }

  /**
   * The idle flush: the entry after a turn the cadence held back came `idleFlushMs` or more after
   * it, so the held run is due after all, over what it covered then. Only that first entry is
   * compared: later ones belong to a conversation that went on.
   */
  function flushIfIdle(
    before: ExtractionState,
    after: ExtractionState,
    event: LogEntry,
  ): readonly [ExtractionState, readonly ExtractionDecision[]] {
    const held = after.held;
    if (held === null || held === before.held) return [after, NO_DECISIONS];
    const idleMs = settings.idleFlushMs ?? 0;
    const gap = elapsedMs(held.timestamp, (event.entry as { timestamp?: unknown }).timestamp);
    if (gap === null || gap < idleMs) return [after, NO_DECISIONS];
    const due: ExtractionDue = {
      ...held.due,
      flush: 'idle',
      reason: `extraction due by the idle flush: ${Math.round(gap / 1000)} s passed after a turn the cadence held back (${held.due.newMessages} messages since the cursor)`,
    };
    const moved: ExtractionState = {
      ...after,
      held: null,
      cursor: due.uuid,
      cursorLost: false,
      // What came after the held turn's end stays after the new cursor.
      messagesSinceCursor: Math.max(0, after.messagesSinceCursor - due.newMessages),
      memoryWritesSinceCursor: [],
      proseSinceCursor: -1,
    };
    return [ran(moved, after, due, [], held.words), [due]];
  }

  const steps = { apply: (state: ExtractionState, event: LogEntry) => apply(state, event, settings), evaluate, withWaiting };

  function step(state: ExtractionState, event: LogEntry): readonly [ExtractionState, readonly ExtractionDecision[]] {
    if (!tokens.isMainThreadMessage(event)) return [state, NO_DECISIONS];
    const stepped = stepSample(state, event, steps);
    if (stepped[0].held === null || stepped[0].held === state.held) return stepped;
    const [flushed, more] = flushIfIdle(state, stepped[0], event);
    return more.length === 0 ? stepped : [flushed, [...stepped[1], ...more]];
  }

  function close(state: ExtractionState): readonly [ExtractionState, readonly ExtractionDecision[]] {
    return closeSample(state, steps);
  }

  /**
   * A failed run moves the cursor back, so its messages are covered by the next run (spec
   * §3.3 step 7); only the newest run can be undone, as an older one's messages are already
   * behind a newer cursor. A run its first look declined moves it back the same way (the
   * cursor stays), without counting a failure. Dropped requests (no trailing run) put their
   * messages back behind the cursor of the run before them.
   */
  function settle(state: ExtractionState, outcome: RunOutcome): ExtractionState {
    if (outcome.run !== 'extraction') return state;
    if (outcome.declined === 'dropped') return undrop(state, outcome.dropped ?? []);
    if (
      (outcome.ok && outcome.declined === undefined) ||
      !state.lastDue ||
      !outcome.batch.includes(state.lastDue.uuid) ||
      state.cursor !== state.lastDue.uuid
    )
      return state;
    const due = state.lastDue;
    return {
      ...state,
      cursor: due.cursor,
      cursorLost: due.cursorLost,
      messagesSinceCursor: state.messagesSinceCursor + due.newMessages,
      memoryWritesSinceCursor: [...due.writes, ...state.memoryWritesSinceCursor],
      proseSinceCursor: Math.max(state.proseSinceCursor, due.words),
      failures: outcome.declined === undefined ? state.failures + 1 : state.failures,
      lastDue: null,
    };
  }

  function undrop(state: ExtractionState, dropped: readonly ExtractionDue[]): ExtractionState {
    const first = dropped[0];
    if (first === undefined || state.cursor !== dropped[dropped.length - 1]!.uuid) return state;
    const words = state.lastDue !== null && dropped.some((d) => d.uuid === state.lastDue!.uuid) ? state.lastDue.words : -1;
    return {
      ...state,
      cursor: first.cursor,
      messagesSinceCursor: state.messagesSinceCursor + dropped.reduce((n, d) => n + d.newMessages, 0),
      proseSinceCursor: Math.max(state.proseSinceCursor, words),
      runs: state.runs - dropped.length,
      lastDue: null,
    };
  }

  return { name: 'extractionTrigger', version: 1, initialState, step, end: close, settle };
}

function apply(state: ExtractionState, event: LogEntry, settings: ExtractionSettings): ExtractionState {
  const { entry } = event;
  const nextTokens = tokens.evolve(state.tokens, event);
  if (entry.type === 'system') {
    if (entry.subtype !== 'compact_boundary') return nextTokens === state.tokens ? state : withTokens(state, nextTokens);
    return {
      ...state,
      tokens: nextTokens,
      cursorLost: state.cursor !== null,
      messagesSinceBoundary: 0,
      memoryWritesSinceBoundary: [],
      proseSinceBoundary: -1,
      sample: null,
      held: null,
      lastDue: null,
    };
  }
  if (entry.type !== 'user' && entry.type !== 'assistant') return nextTokens === state.tokens ? state : withTokens(state, nextTokens);
  const writes = entry.type === 'assistant' ? memoryWrites(entry, settings) : NO_PATHS;
  const sampled = entry.type === 'assistant' && isModelResponse(entry);
  // Words are counted only with the prose gate on: off, a fold costs what it did before the gate.
  const words = (settings.minProseWords ?? 0) > 0 ? (proseWords(entry, settings.proseInSummaries ?? true) ?? -1) : -1;
  // Written out field by field, not spread: this runs for every message of a session, and a
  // spread with overrides costs several times an object literal (bench/replayStages.bench.ts).
  return {
    tokens: nextTokens,
    cursor: state.cursor,
    cursorLost: state.cursorLost,
    messagesSinceCursor: state.messagesSinceCursor + 1,
    messagesSinceBoundary: state.messagesSinceBoundary + 1,
    memoryWritesSinceCursor: writes.length === 0 ? state.memoryWritesSinceCursor : [...state.memoryWritesSinceCursor, ...writes],
    memoryWritesSinceBoundary: writes.length === 0 ? state.memoryWritesSinceBoundary : [...state.memoryWritesSinceBoundary, ...writes],
    turnsSinceLastRun: state.turnsSinceLastRun,
    proseSinceCursor: words > state.proseSinceCursor ? words : state.proseSinceCursor,
    proseSinceBoundary: words > state.proseSinceBoundary ? words : state.proseSinceBoundary,
    sample: sampled
      ? {
          uuid: entry.uuid,
          seq: event.seq,
          messageId: entry.message.id ?? null,
          hasToolUse: hasToolUse(entry.message.content),
          version: entryVersion(entry),
          timestamp: entry.timestamp ?? null,
        }
      : state.sample,
    version: state.version,
    held: state.held,
    waiting: state.waiting,
    runs: state.runs,
    skips: state.skips,
    failures: state.failures,
    lastDue: state.lastDue,
  };
}

const NO_PATHS: readonly string[] = Object.freeze([]);

function hasToolUse(content: AssistantEntry['message']['content']): boolean {
  if (typeof content === 'string') return false;
  for (const block of content) if (block.type === 'tool_use') return true;
  return false;
}

function withTokens(state: ExtractionState, tokens: ExtractionState['tokens']): ExtractionState {
  return withWaiting(state, state.waiting, tokens);
}

/** The state with another list of entries waiting behind the sampled response. */
function withWaiting(state: ExtractionState, waiting: readonly LogEntry[], tokens = state.tokens): ExtractionState {
  return {
    tokens,
    cursor: state.cursor,
    cursorLost: state.cursorLost,
    messagesSinceCursor: state.messagesSinceCursor,
    messagesSinceBoundary: state.messagesSinceBoundary,
    memoryWritesSinceCursor: state.memoryWritesSinceCursor,
    memoryWritesSinceBoundary: state.memoryWritesSinceBoundary,
    turnsSinceLastRun: state.turnsSinceLastRun,
    proseSinceCursor: state.proseSinceCursor,
    proseSinceBoundary: state.proseSinceBoundary,
    sample: state.sample,
    version: state.version,
    held: state.held,
    waiting,
    runs: state.runs,
    skips: state.skips,
    failures: state.failures,
    lastDue: state.lastDue,
  };
}

/** Paths of memory files written with Edit or Write in this entry (Bash writes are not seen, as in Claude Code). */
function memoryWrites(entry: AssistantEntry, settings: ExtractionSettings): readonly string[] {
  const content = entry.message.content;
  if (typeof content === 'string') return NO_PATHS;
  let paths: string[] | null = null;
  for (const block of content) {
    if (!isToolUseBlock(block) || (block.name !== 'Edit' && block.name !== 'Write')) continue;
    const path = toolInputFilePath(block);
    if (path !== undefined && settings.isMemoryPath(path)) (paths ??= []).push(path);
  }
  return paths ?? NO_PATHS;
}

/** Milliseconds from one ISO timestamp to another; null when either is missing or unreadable. */
function elapsedMs(from: string | null, to: unknown): number | null {
  if (from === null || typeof to !== 'string') return null;
  const gap = Date.parse(to) - Date.parse(from);
  return Number.isNaN(gap) ? null : gap;
}
