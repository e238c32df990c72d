/**
 * A frozen copy of this file as it was before the extraction gates and trigger policies (commit
 * c69b06d), kept as the oracle of test/pipeline/gatesOff.property.test.ts: with every gate off,
 * the decisions must be exactly these. Never edit it to make that test pass.
 */
import type { AssistantEntry } from '../../../src/transcript/chainSchema.js';
import { isToolUseBlock, toolInputFilePath } from '../../../src/transcript/contentGuards.js';
import { isModelResponse } from '../../../src/transcript/modelResponse.js';
import {
  NO_DECISIONS,
  type ExtractionDue,
  type ExtractionSkipped,
  type RunOutcome,
  type Trigger,
} from '../../../src/projections/decisions.js';
import type { LogEntry } from '../../../src/transcript/logEntry.js';
import { closeSample, stepSample } from '../../../src/projections/responseSample.js';
import * as tokens from '../../../src/projections/tokens.js';

export interface ExtractionSettings {
  /** Run on every Nth eligible turn end (Claude Code's default is 1: every turn). */
  readonly everyTurns: number;
  /** Whether a file path is inside the auto-memory directory (team memory included). */
  readonly isMemoryPath: (path: string) => boolean;
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
  readonly sample: { readonly uuid: string; readonly seq: number; readonly messageId: string | null; readonly hasToolUse: boolean } | null;
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
    sample: null,
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
  function evaluate(state: ExtractionState): readonly [ExtractionState, readonly ExtractionDecision[]] {
    const { sample } = state;
    if (!sample) return [state, NO_DECISIONS];
    const idle = { ...state, sample: null };
    if (sample.hasToolUse) return [idle, NO_DECISIONS];
    const newMessages = state.cursorLost ? state.messagesSinceBoundary : state.messagesSinceCursor;
    if (newMessages === 0) return [idle, NO_DECISIONS];
    const now = tokens.selectContextTokens(state.tokens);
    const written = state.cursorLost ? state.memoryWritesSinceBoundary : state.memoryWritesSinceCursor;
    const moved = { ...idle, cursor: sample.uuid, cursorLost: false, messagesSinceCursor: 0, memoryWritesSinceCursor: [] };
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
    const turns = state.turnsSinceLastRun + 1;
    if (turns < settings.everyTurns) return [{ ...idle, turnsSinceLastRun: turns }, NO_DECISIONS];
    const due: ExtractionDue = {
      kind: 'extraction_due',
      uuid: sample.uuid,
      seq: sample.seq,
      tokens: now,
      newMessages,
      cursor: state.cursor,
      reason: `extraction due: turn ended without tool calls, ${newMessages} new messages since the cursor`,
    };
    const lastDue = { uuid: sample.uuid, cursor: state.cursor, cursorLost: state.cursorLost, newMessages, writes: written };
    return [{ ...moved, turnsSinceLastRun: 0, runs: state.runs + 1, lastDue }, [due]];
  }

  const steps = { apply: (state: ExtractionState, event: LogEntry) => apply(state, event, settings), evaluate, withWaiting };

  function step(state: ExtractionState, event: LogEntry): readonly [ExtractionState, readonly ExtractionDecision[]] {
    if (!tokens.isMainThreadMessage(event)) return [state, NO_DECISIONS];
    return stepSample(state, event, steps);
  }

  function close(state: ExtractionState): readonly [ExtractionState, readonly ExtractionDecision[]] {
    return closeSample(state, steps);
  }

  /**
   * A failed run moves the cursor back, so its messages are covered by the next run (spec
   * §3.3 step 7); only the newest run can be undone, as an older one's messages are already
   * behind a newer cursor.
   */
  function settle(state: ExtractionState, outcome: RunOutcome): ExtractionState {
    if (
      outcome.run !== 'extraction' ||
      outcome.ok ||
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
      failures: state.failures + 1,
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
      sample: null,
      lastDue: null,
    };
  }
  if (entry.type !== 'user' && entry.type !== 'assistant') return nextTokens === state.tokens ? state : withTokens(state, nextTokens);
  const writes = entry.type === 'assistant' ? memoryWrites(entry, settings) : NO_PATHS;
  const sampled = entry.type === 'assistant' && isModelResponse(entry);
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
    sample: sampled
      ? { uuid: entry.uuid, seq: event.seq, messageId: entry.message.id ?? null, hasToolUse: hasToolUse(entry.message.content) }
      : state.sample,
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
    sample: state.sample,
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
