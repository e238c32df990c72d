import type { LogEntry } from '../transcript/logEntry.js';
import { isModelResponse } from '../transcript/modelResponse.js';
import { defineProjection } from './projection.js';
import { isMainThreadMessage } from './tokens.js';

/** The context windows Claude Code offers (spec §5.3): 200,000 by default, 1,000,000 for a 1M model. */
export const CLAUDE_CODE_WINDOWS = [200_000, 1_000_000] as const;

/** The most input a main-thread response carried: its input tokens with cache creation and cache reads. */
export interface ContextWindowInferenceState {
  readonly peakInput: number;
}

/** A window larger than the one assumed, and the usage that shows it. */
export interface InferredWindow {
  readonly assumed: number;
  readonly window: number;
  readonly peakInput: number;
}

export function initialState(): ContextWindowInferenceState {
  return { peakInput: 0 };
}

/**
 * Keeps the largest input a real response of the main thread was sent with. Subagents' responses
 * are left out: a subagent may run on another model, with another window.
 */
export function evolve(state: ContextWindowInferenceState, event: LogEntry): ContextWindowInferenceState {
  const { entry } = event;
  if (entry.type !== 'assistant' || !isMainThreadMessage(event) || !isModelResponse(entry)) return state;
  const usage = entry.message.usage;
  if (usage === undefined || usage === null) return state;
  const input = usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  return input > state.peakInput ? { peakInput: input } : state;
}

/**
 * The window Claude Code must have run with when the session's input passed the one assumed: the
 * smallest window it offers that holds that input (decision 113). Null when the assumed window
 * held every request, or when no window Claude Code offers would.
 */
export function selectInferredWindow(state: ContextWindowInferenceState, assumed: number): InferredWindow | null {
  if (state.peakInput <= assumed) return null;
  const window = CLAUDE_CODE_WINDOWS.find((offered) => offered >= state.peakInput);
  return window === undefined ? null : { assumed, window, peakInput: state.peakInput };
}

export const contextWindowInference = defineProjection<ContextWindowInferenceState>({
  name: 'contextWindowInference',
  version: 1,
  initialState,
  evolve,
});
