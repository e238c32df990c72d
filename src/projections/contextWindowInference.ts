import type { LogEntry } from '../transcript/logEntry.js';
import { isModelResponse } from '../transcript/modelResponse.js';
import { defineProjection } from './projection.js';
import { isMainThreadMessage } from './tokens.js';

/** The context windows Claude Code offers (spec §5.3): 200,000 by default, 1,000,000 for a 1M model. */
export const CLAUDE_CODE_WINDOWS = [200_000, 1_000_000] as const;
/** The largest window Claude Code offers: what a session whose usage passed the default one ran with (decision 113). */
export const LARGEST_WINDOW: number = Math.max(...CLAUDE_CODE_WINDOWS);

/** The most input a main-thread response carried that a window Claude Code offers holds. */
export interface ContextWindowInferenceState {
  readonly peakInput: number;
}

/** A window larger than the one assumed, and the input that shows it. */
export interface InferredWindow {
  readonly assumed: number;
  readonly window: number;
  /** The input (cache included) of a main-thread response that the assumed window could not have held. */
  readonly input: number;
  /**
   * The first entry the larger window decided, when the session ran with the assumed one before it (Claude Code
   * compacted on its own within it, decision 113 amended); absent when it ran with the larger one from the start.
   */
  readonly since?: number;
}

export function initialState(): ContextWindowInferenceState {
  return { peakInput: 0 };
}

/**
 * The input a real response of the main thread was sent with: its input tokens with cache
 * creation and cache reads (output is not input). Null for any other entry, and for a
 * subagent's response: a subagent may run on another model, with another window.
 */
export function responseInput(event: LogEntry): number | null {
  const { entry } = event;
  if (entry.type !== 'assistant' || !isMainThreadMessage(event) || !isModelResponse(entry)) return null;
  const usage = entry.message.usage;
  if (usage === undefined || usage === null) return null;
  return usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
}

/**
 * The window an input proves when it passed the one assumed (decision 113): the smallest window
 * Claude Code offers that holds it. Null when the assumed window holds it, or when no offered
 * window would (such usage says nothing Claude Code could have run with).
 */
export function windowProvenBy(input: number, assumed: number): InferredWindow | null {
  if (input <= assumed) return null;
  const window = CLAUDE_CODE_WINDOWS.find((offered) => offered >= input);
  return window === undefined ? null : { assumed, window, input };
}

/**
 * Whether the entry is an automatic compaction Claude Code made within the assumed window, which settles that the
 * session ran with it (decision 113, amended): a 1M window compacts on its own only from 300,000 tokens (2.1.337's
 * automatic window, decision 85) or near 1,000,000 before, so an automatic compaction from at most the assumed
 * window's tokens is one a 1M session does not make under Claude Code's default settings. A manual one proves
 * nothing: anyone may compact at any size.
 */
export function windowSettledBy(event: LogEntry, assumed: number): boolean {
  const { entry } = event;
  if (entry.type !== 'system' || entry.subtype !== 'compact_boundary' || !isMainThreadMessage(event)) return false;
  const metadata = entry.compactMetadata;
  return metadata?.trigger === 'auto' && metadata.preTokens !== undefined && metadata.preTokens <= assumed;
}

/** Keeps the largest main-thread input that some window Claude Code offers holds. */
export function evolve(state: ContextWindowInferenceState, event: LogEntry): ContextWindowInferenceState {
  const input = responseInput(event);
  if (input === null || input <= state.peakInput || input > LARGEST_WINDOW) return state;
  return { peakInput: input };
}

/** The window the whole session proves against the one assumed: what the replay's fold raises to (decision 113). */
export function selectInferredWindow(state: ContextWindowInferenceState, assumed: number): InferredWindow | null {
  return windowProvenBy(state.peakInput, assumed);
}

export const contextWindowInference = defineProjection<ContextWindowInferenceState>({
  name: 'contextWindowInference',
  version: 2,
  initialState,
  evolve,
});
