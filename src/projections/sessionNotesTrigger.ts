import type { AssistantEntry } from '../transcript/chainSchema.js';
import { isModelResponse } from '../transcript/modelResponse.js';
import { NO_DECISIONS, type RunOutcome, type SessionNotesDue, type Trigger } from './decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { closeSample, stepSample } from './responseSample.js';
import { entryVersion } from './triggerPolicy.js';
import * as tokens from './tokens.js';

/** Claude Code's defaults (DEFAULT_SESSION_MEMORY_CONFIG, spec §4.2). */
export interface SessionNotesThresholds {
  readonly minimumTokensToInit: number;
  readonly minimumTokensBetweenUpdates: number;
  readonly toolCallsBetweenUpdates: number;
  /**
   * Whether the growth baseline is re-taken after a compaction (memlog, decision 15: true, the
   * default) or kept from before it, as Claude Code keeps it (false).
   */
  readonly rebaseAfterCompaction?: boolean;
  /** Given, notes are kept only after responses of a version it accepts (Claude Code 2.1.332 has none). */
  readonly activeFor?: (version: string | null) => boolean;
}

export const DEFAULT_SESSION_NOTES_THRESHOLDS: SessionNotesThresholds = {
  minimumTokensToInit: 10_000,
  minimumTokensBetweenUpdates: 5_000,
  toolCallsBetweenUpdates: 3,
};

/** The response whose predicate is evaluated once its last piece has arrived. */
interface Sample {
  readonly uuid: string;
  readonly seq: number;
  readonly messageId: string | null;
  readonly hasToolUse: boolean;
  readonly version: string | null;
}

export interface SessionNotesState {
  readonly tokens: tokens.TokensState;
  readonly initialized: boolean;
  /** Context size at the last update; null right after a compaction, until the next sample rebases it. */
  readonly tokensAtLastUpdate: number | null;
  /** lastMemoryMessageUuid: the last message the previous update saw. */
  readonly cursor: string | null;
  /** The cursor's message was compacted away: Claude Code then counts 0 tool calls. */
  readonly cursorLost: boolean;
  readonly toolCallsSinceCursor: number;
  readonly lastSummarizedMessageId: string | null;
  readonly sample: Sample | null;
  /** Entries that arrived between the sampled response's pieces: applied once it is evaluated. */
  readonly waiting: readonly LogEntry[];
  readonly updates: number;
  readonly failures: number;
  /** What the newest due decision replaced, to put back if its run fails. */
  readonly lastDue: {
    readonly uuid: string;
    readonly tokensAtLastUpdate: number | null;
    readonly lastSummarizedMessageId: string | null;
  } | null;
}

export function initialState(): SessionNotesState {
  return {
    tokens: tokens.initialState(),
    initialized: false,
    tokensAtLastUpdate: 0,
    cursor: null,
    cursorLost: false,
    toolCallsSinceCursor: 0,
    lastSummarizedMessageId: null,
    sample: null,
    waiting: [],
    updates: 0,
    failures: 0,
    lastDue: null,
  };
}

/**
 * The session-notes trigger (spec §4.3), evaluated after every API response on the main
 * thread, once its last piece is in: at least `minimumTokensToInit` to start; then
 * `minimumTokensBetweenUpdates` of growth since the last update and either
 * `toolCallsBetweenUpdates` tool calls since then or a response without tool calls.
 * Unlike Claude Code, the growth baseline is re-taken after a compaction (decision 15),
 * unless `rebaseAfterCompaction` is false.
 */
export function createSessionNotesTrigger(
  thresholds: SessionNotesThresholds = DEFAULT_SESSION_NOTES_THRESHOLDS,
): Trigger<SessionNotesState, SessionNotesDue, LogEntry> {
  const rebase = thresholds.rebaseAfterCompaction ?? true;
  const steps = {
    apply: (state: SessionNotesState, event: LogEntry) => apply(state, event, rebase),
    evaluate: (state: SessionNotesState) => evaluate(state, thresholds),
    withWaiting,
  };

  function step(state: SessionNotesState, event: LogEntry): readonly [SessionNotesState, readonly SessionNotesDue[]] {
    if (!tokens.isMainThreadMessage(event)) return [state, NO_DECISIONS];
    return stepSample(state, event, steps);
  }

  function close(state: SessionNotesState): readonly [SessionNotesState, readonly SessionNotesDue[]] {
    return closeSample(state, steps);
  }

  return {
    name: 'sessionNotesTrigger',
    version: 1,
    initialState,
    step,
    end: close,
    settle,
  };
}

/** After a response's last piece: whether notes are due now, and the state that follows. */
function evaluate(state: SessionNotesState, thresholds: SessionNotesThresholds): readonly [SessionNotesState, readonly SessionNotesDue[]] {
  const { sample } = state;
  if (!sample) return [state, NO_DECISIONS];
  const idle = { ...state, sample: null };
  if (thresholds.activeFor !== undefined && !thresholds.activeFor(sample.version)) return [idle, NO_DECISIONS];
  const now = tokens.selectContextTokens(state.tokens);
  if (!state.initialized && now < thresholds.minimumTokensToInit) return [idle, NO_DECISIONS];
  const baseline = state.tokensAtLastUpdate ?? now;
  const base = { ...idle, initialized: true, tokensAtLastUpdate: baseline };
  const growth = now - baseline;
  const toolCalls = state.cursorLost ? 0 : state.toolCallsSinceCursor;
  const enoughTools = toolCalls >= thresholds.toolCallsBetweenUpdates;
  if (growth < thresholds.minimumTokensBetweenUpdates || (!enoughTools && sample.hasToolUse)) return [base, NO_DECISIONS];
  const lastSummarizedMessageId = sample.hasToolUse ? state.lastSummarizedMessageId : sample.uuid;
  const why = enoughTools ? `${toolCalls} tool calls since the last update` : 'the response has no tool calls';
  const decision: SessionNotesDue = {
    kind: 'session_notes_due',
    uuid: sample.uuid,
    seq: sample.seq,
    tokens: now,
    reason: `session notes due: ${format(now)} tokens (+${format(growth)} since the last update) and ${why}`,
    toolCallsSinceUpdate: toolCalls,
    lastSummarizedMessageId,
  };
  return [
    {
      ...base,
      tokensAtLastUpdate: now,
      cursor: sample.uuid,
      cursorLost: false,
      toolCallsSinceCursor: 0,
      lastSummarizedMessageId,
      updates: state.updates + 1,
      lastDue: { uuid: sample.uuid, tokensAtLastUpdate: baseline, lastSummarizedMessageId: state.lastSummarizedMessageId },
    },
    [decision],
  ];
}

/**
 * A failed update records no new size and leaves lastSummarizedMessageId where it was
 * (spec §4.4 steps 7–8 run only after the fork succeeded). The message cursor stays moved,
 * as Claude Code sets it when it decides.
 */
function settle(state: SessionNotesState, outcome: RunOutcome): SessionNotesState {
  if (outcome.run !== 'session_notes' || outcome.ok || !state.lastDue || !outcome.batch.includes(state.lastDue.uuid)) return state;
  return {
    ...state,
    tokensAtLastUpdate: state.lastDue.tokensAtLastUpdate,
    lastSummarizedMessageId: state.lastDue.lastSummarizedMessageId,
    failures: state.failures + 1,
    lastDue: null,
  };
}

function apply(state: SessionNotesState, event: LogEntry, rebase: boolean): SessionNotesState {
  const { entry } = event;
  const nextTokens = tokens.evolve(state.tokens, event);
  if (entry.type === 'system' && entry.subtype === 'compact_boundary') {
    const auto = entry.compactMetadata?.trigger !== 'manual';
    return {
      ...state,
      tokens: nextTokens,
      // Growth is measured from the post-compaction size once updates have begun (decision 15);
      // Claude Code never re-takes it.
      tokensAtLastUpdate: state.initialized && rebase ? null : state.tokensAtLastUpdate,
      cursorLost: state.cursor !== null,
      lastDue: null,
      toolCallsSinceCursor: 0,
      lastSummarizedMessageId: auto ? null : state.lastSummarizedMessageId,
      sample: null,
    };
  }
  if (entry.type !== 'assistant' || !isModelResponse(entry)) return nextTokens === state.tokens ? state : withTokens(state, nextTokens);
  const toolUses = countToolUses(entry);
  const sample: Sample = {
    uuid: entry.uuid,
    seq: event.seq,
    messageId: entry.message.id ?? null,
    hasToolUse: toolUses > 0,
    version: entryVersion(entry),
  };
  // Field by field, not spread: this runs for every response of a session (see extractionTrigger.ts).
  return {
    tokens: nextTokens,
    initialized: state.initialized,
    tokensAtLastUpdate: state.tokensAtLastUpdate,
    cursor: state.cursor,
    cursorLost: state.cursorLost,
    toolCallsSinceCursor: state.toolCallsSinceCursor + toolUses,
    lastSummarizedMessageId: state.lastSummarizedMessageId,
    sample,
    waiting: state.waiting,
    updates: state.updates,
    failures: state.failures,
    lastDue: state.lastDue,
  };
}

function withTokens(state: SessionNotesState, tokens: SessionNotesState['tokens']): SessionNotesState {
  return withWaiting(state, state.waiting, tokens);
}

/** The state with another list of entries waiting behind the sampled response (and new token counts). */
function withWaiting(state: SessionNotesState, waiting: readonly LogEntry[], tokens = state.tokens): SessionNotesState {
  return {
    tokens,
    initialized: state.initialized,
    tokensAtLastUpdate: state.tokensAtLastUpdate,
    cursor: state.cursor,
    cursorLost: state.cursorLost,
    toolCallsSinceCursor: state.toolCallsSinceCursor,
    lastSummarizedMessageId: state.lastSummarizedMessageId,
    sample: state.sample,
    waiting,
    updates: state.updates,
    failures: state.failures,
    lastDue: state.lastDue,
  };
}

function countToolUses(entry: AssistantEntry): number {
  const content = entry.message.content;
  if (typeof content === 'string') return 0;
  let count = 0;
  for (const block of content) if (block.type === 'tool_use') count++;
  return count;
}

const number = new Intl.NumberFormat('en-US');
function format(value: number): string {
  return number.format(value);
}
