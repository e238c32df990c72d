import type { CompactionDue, RunOutcome, Trigger } from './decisions.js';
import type { LogEntry } from './projection.js';
import * as tokens from './tokens.js';

/** The settings the thresholds derive from (spec §5.3). */
export interface AutocompactSettings {
  /** The model's context window: 200,000 by default, 1,000,000 for 1M models. */
  readonly contextWindow: number;
  /** The model's max output tokens (32,000 for most 4.x models); at most 20,000 of it is reserved. */
  readonly maxOutputTokens: number;
  /** Consecutive failures after which autocompact stops trying (the circuit breaker). */
  readonly maxConsecutiveFailures: number;
}

export const DEFAULT_AUTOCOMPACT_SETTINGS: AutocompactSettings = { contextWindow: 200_000, maxOutputTokens: 32_000, maxConsecutiveFailures: 3 };

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

export type ContextPressure = 'ok' | 'warning' | 'compact' | 'blocked';

export function selectPressure(contextTokens: number, t: AutocompactThresholds): ContextPressure {
  if (contextTokens >= t.blocking) return 'blocked';
  if (contextTokens >= t.threshold) return 'compact';
  if (contextTokens >= t.warning) return 'warning';
  return 'ok';
}

export interface AutocompactState {
  readonly tokens: tokens.TokensState;
  /** The response after which the next request is sized; evaluated when its last piece is in. */
  readonly sample: { readonly uuid: string; readonly seq: number; readonly messageId: string | null } | null;
  readonly consecutiveFailures: number;
}

export function initialState(): AutocompactState {
  return { tokens: tokens.initialState(), sample: null, consecutiveFailures: 0 };
}

/**
 * Decides that the next request would autocompact: after each main-thread API response, when
 * the context (tokenCountWithEstimation) has reached the threshold. A compact boundary in the
 * log answers the decision; the breaker counts failures fed in by the effect log.
 */
export function createAutocompactTrigger(settings: AutocompactSettings = DEFAULT_AUTOCOMPACT_SETTINGS): Trigger<AutocompactState, CompactionDue, LogEntry> {
  const limits = autocompactThresholds(settings);

  function evaluate(state: AutocompactState): readonly [AutocompactState, readonly CompactionDue[]] {
    if (!state.sample) return [state, []];
    const idle = { ...state, sample: null };
    const now = tokens.selectContextTokens(state.tokens);
    if (now < limits.threshold || state.consecutiveFailures >= settings.maxConsecutiveFailures) return [idle, []];
    const decision: CompactionDue = {
      kind: 'compaction_due',
      uuid: state.sample.uuid,
      seq: state.sample.seq,
      tokens: now,
      threshold: limits.threshold,
      reason: `compaction due: ${now.toLocaleString('en-US')} tokens ≥ autocompact threshold ${limits.threshold.toLocaleString('en-US')}`,
    };
    return [idle, [decision]];
  }

  function step(state: AutocompactState, event: LogEntry): readonly [AutocompactState, readonly CompactionDue[]] {
    if (!tokens.isMainThreadMessage(event)) return [state, []];
    const { entry } = event;
    const continuing = entry.type === 'assistant' && state.sample !== null && entry.message.id !== undefined && entry.message.id === state.sample.messageId;
    const [before, decisions] = continuing ? ([state, []] as const) : evaluate(state);
    const next = { ...before, tokens: tokens.evolve(before.tokens, event) };
    if (entry.type === 'system' && entry.subtype === 'compact_boundary') return [{ ...next, sample: null, consecutiveFailures: 0 }, decisions];
    if (entry.type === 'assistant' && entry.message.model !== '<synthetic>' && entry.isApiErrorMessage !== true) {
      return [{ ...next, sample: { uuid: entry.uuid, seq: event.seq, messageId: entry.message.id ?? null } }, decisions];
    }
    return [next, decisions];
  }

  /** The circuit breaker: consecutive failed compactions stop further attempts; a success resets it. */
  function settle(state: AutocompactState, outcome: RunOutcome): AutocompactState {
    if (outcome.run !== 'compaction') return state;
    return { ...state, consecutiveFailures: outcome.ok ? 0 : state.consecutiveFailures + 1 };
  }

  return { name: 'autocompactTrigger', version: 1, initialState, step, end: evaluate, settle };
}
