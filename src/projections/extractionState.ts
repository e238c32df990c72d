import type { AssistantEntry } from '../transcript/chainSchema.js';
import { isToolUseBlock, toolInputFilePath } from '../transcript/contentGuards.js';
import { isModelResponse } from '../transcript/modelResponse.js';
import type { ExtractionDue } from './decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { CursorUndo } from './extractionCursor.js';
import { proseWords } from './proseWords.js';
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
  readonly lastDue: CursorUndo | null;
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

/** One main-thread entry folded in: tokens, what gathers behind the cursor, the response sampled. */
export function apply(state: ExtractionState, event: LogEntry, settings: ExtractionSettings): ExtractionState {
  const { entry } = event;
  const nextTokens = tokens.evolve(state.tokens, event);
  if (entry.type === 'system' && entry.subtype === 'compact_boundary') return afterBoundary(state, nextTokens);
  if (entry.type !== 'user' && entry.type !== 'assistant') return nextTokens === state.tokens ? state : withTokens(state, nextTokens);
  const writes = entry.type === 'assistant' ? memoryWrites(entry, settings) : NO_PATHS;
  const sample = entry.type === 'assistant' && isModelResponse(entry) ? sampleOf(entry, event.seq) : state.sample;
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
    sample,
    version: state.version,
    held: state.held,
    waiting: state.waiting,
    runs: state.runs,
    skips: state.skips,
    failures: state.failures,
    lastDue: state.lastDue,
  };
}

/** A compact boundary: the cursor's message is gone (if there was one), and a held or undoable run with it. */
function afterBoundary(state: ExtractionState, nextTokens: ExtractionState['tokens']): ExtractionState {
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

function sampleOf(entry: AssistantEntry, seq: number): NonNullable<ExtractionState['sample']> {
  return {
    uuid: entry.uuid,
    seq,
    messageId: entry.message.id ?? null,
    hasToolUse: hasToolUse(entry.message.content),
    version: entryVersion(entry),
    timestamp: entry.timestamp ?? null,
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
export function withWaiting(state: ExtractionState, waiting: readonly LogEntry[], tokens = state.tokens): ExtractionState {
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
