import { isModelResponse } from '../transcript/modelResponse.js';
import { NO_DECISIONS, type CompactionDue, type RunOutcome, type Trigger } from './decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import * as tokens from './tokens.js';
import { entryVersion } from './triggerPolicy.js';

/** The settings the thresholds derive from (spec §5.3). */
export interface AutocompactSettings {
  /** The model's context window: 200,000 by default, 1,000,000 for 1M models. */
  readonly contextWindow: number;
  /** The model's max output tokens (32,000 for most 4.x models); at most 20,000 of it is reserved. */
  readonly maxOutputTokens: number;
  /** Consecutive failures after which autocompact stops trying (the circuit breaker). */
  readonly maxConsecutiveFailures: number;
  /**
   * Whether the Claude Code version that wrote the newest message compacts a 1M-context model at
   * AUTOMATIC_WINDOW_1M instead of its whole window (the claude-code policy sets it from 2.1.337).
   */
  readonly lowerWindowFor1m?: (version: string | null) => boolean;
}

/**
 * The automatic window of a 1M-context model from Claude Code 2.1.337: "near a size Anthropic
 * serves, at least 300,000 tokens" (spec 2.1.337 changes); the size served is not in the
 * transcript, so the lower bound stands for it (decision 85).
 */
export const AUTOMATIC_WINDOW_1M = 300_000;
const ONE_MILLION = 1_000_000;

export const DEFAULT_AUTOCOMPACT_SETTINGS: AutocompactSettings = {
  contextWindow: 200_000,
  maxOutputTokens: 32_000,
  maxConsecutiveFailures: 3,
};

const SUMMARY_OUTPUT_RESERVE = 20_000;
const AUTOCOMPACT_BUFFER = 13_000;
const WARNING_BUFFER = 20_000;
const BLOCKING_BUFFER = 3_000;

export interface AutocompactThresholds {
  readonly effectiveWindow: number;
  readonly threshold: number;
  readonly warning: number;
  readonly blocking: number;
}

/** window − min(max output, 20,000) − 13,000; warning 20,000 below it; blocking 3,000 below the effective window. */
export function autocompactThresholds(settings: AutocompactSettings = DEFAULT_AUTOCOMPACT_SETTINGS): AutocompactThresholds {
  const effectiveWindow = settings.contextWindow - Math.min(settings.maxOutputTokens, SUMMARY_OUTPUT_RESERVE);
  const threshold = effectiveWindow - AUTOCOMPACT_BUFFER;
  return { effectiveWindow, threshold, warning: threshold - WARNING_BUFFER, blocking: effectiveWindow - BLOCKING_BUFFER };
}

/**
 * The thresholds of a request after a message of this Claude Code version: a 1M-context model's lower automatic window
 * where the policy says that version has it (decision 85). The trigger decides with these, and what shows its
 * threshold (the session page, `compact`) says the same number.
 */
export function thresholdsAt(settings: AutocompactSettings, version: string | null): AutocompactThresholds {
  const lowered = settings.contextWindow >= ONE_MILLION && settings.lowerWindowFor1m?.(version) === true;
  return autocompactThresholds(lowered ? { ...settings, contextWindow: AUTOMATIC_WINDOW_1M } : settings);
}

export type ContextPressure = 'ok' | 'warning' | 'compact' | 'blocked';

export function selectPressure(contextTokens: number, t: AutocompactThresholds): ContextPressure {
  if (contextTokens >= t.blocking) return 'blocked';
  if (contextTokens >= t.threshold) return 'compact';
  if (contextTokens >= t.warning) return 'warning';
  return 'ok';
}

export interface AutocompactState {
  readonly tokens: tokens.TokensState;
  /** The API message id of the newest response: a different one starts a new request. */
  readonly responseId: string | null;
  /** The last main-thread message applied, to which a decision is attributed, and the version that wrote it. */
  readonly last: { readonly uuid: string; readonly seq: number; readonly version: string | null } | null;
  /** The position last evaluated, so the end of the log does not decide twice. */
  readonly evaluatedAt: number | null;
  readonly consecutiveFailures: number;
}

export function initialState(): AutocompactState {
  return { tokens: tokens.initialState(), responseId: null, last: null, evaluatedAt: null, consecutiveFailures: 0 };
}

/**
 * Decides that a request would autocompact (spec §5.3): Claude Code checks at the start of each
 * request, on everything the request will carry (tool results and the prompt included). In a
 * transcript that is just before the first piece of each new response, just before a compact
 * boundary, and at the end of the log (the request that would come next). The decision names the last message before the
 * request. A compact boundary resets the count; the breaker counts failures from the effect log.
 */
export function createAutocompactTrigger(
  settings: AutocompactSettings = DEFAULT_AUTOCOMPACT_SETTINGS,
): Trigger<AutocompactState, CompactionDue, LogEntry> {
  // The threshold of the version that wrote the newest message (a 1M model's lower window from 2.1.337, decision 85).
  const evaluate = (state: AutocompactState) => evaluateAt(state, settings, thresholdsAt(settings, state.last?.version ?? null).threshold);

  function step(state: AutocompactState, event: LogEntry): readonly [AutocompactState, readonly CompactionDue[]] {
    if (!tokens.isMainThreadMessage(event)) return [state, NO_DECISIONS];
    const { entry } = event;
    const startsRequest = entry.type === 'assistant' && isModelResponse(entry) && (entry.message.id ?? null) !== state.responseId;
    // A compact boundary is written where a request was about to go out: that request is the one to size.
    const boundary = entry.type === 'system' && entry.subtype === 'compact_boundary';
    const [before, decisions] = startsRequest || boundary ? evaluate(state) : ([state, NO_DECISIONS] as const);
    const nextTokens = tokens.evolve(before.tokens, event);
    if (entry.type === 'system') {
      if (entry.subtype === 'compact_boundary')
        return [{ tokens: nextTokens, responseId: null, last: null, evaluatedAt: null, consecutiveFailures: 0 }, decisions];
      return [nextTokens === before.tokens ? before : { ...before, tokens: nextTokens }, decisions];
    }
    const responseId = startsRequest && entry.type === 'assistant' ? (entry.message.id ?? null) : before.responseId;
    const last =
      entry.type === 'user' || entry.type === 'assistant'
        ? { uuid: entry.uuid, seq: event.seq, version: entryVersion(entry) }
        : before.last;
    // A literal, not a spread: this runs for every message (see extractionTrigger.ts).
    return [
      { tokens: nextTokens, responseId, last, evaluatedAt: before.evaluatedAt, consecutiveFailures: before.consecutiveFailures },
      decisions,
    ];
  }

  return { name: 'autocompactTrigger', version: 1, initialState, step, end: evaluate, settle };
}

/** At the start of a request: whether it would autocompact, once per message it follows. */
function evaluateAt(
  state: AutocompactState,
  settings: AutocompactSettings,
  threshold: number,
): readonly [AutocompactState, readonly CompactionDue[]] {
  const { last } = state;
  if (!last || state.evaluatedAt === last.seq) return [state, NO_DECISIONS];
  const evaluated = { ...state, evaluatedAt: last.seq };
  const now = tokens.selectContextTokens(state.tokens);
  if (now < threshold || state.consecutiveFailures >= settings.maxConsecutiveFailures) return [evaluated, NO_DECISIONS];
  const decision: CompactionDue = {
    kind: 'compaction_due',
    uuid: last.uuid,
    seq: last.seq,
    tokens: now,
    threshold,
    reason: `compaction due: ${now.toLocaleString('en-US')} tokens ≥ autocompact threshold ${threshold.toLocaleString('en-US')}`,
  };
  return [evaluated, [decision]];
}

/** The circuit breaker: consecutive failed compactions stop further attempts; a success resets it. */
function settle(state: AutocompactState, outcome: RunOutcome): AutocompactState {
  if (outcome.run !== 'compaction') return state;
  return { ...state, consecutiveFailures: outcome.ok ? 0 : state.consecutiveFailures + 1 };
}
