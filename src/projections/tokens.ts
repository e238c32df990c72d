import type { AssistantEntry } from '../transcript/chainSchema.js';
import type { Usage } from '../transcript/contentSchema.js';
import { defineProjection } from './projection.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { entryTokens } from './tokenEstimate.js';
import { isModelResponse } from '../transcript/modelResponse.js';

/**
 * Context size as Claude Code measures it (tokenCountWithEstimation, spec §5.4), folded over
 * the main thread in log order since the last compact boundary: the usage of the newest real
 * API response, plus a chars/4 estimate of every message after that response's first piece.
 */
export interface TokensState {
  /** input + cache creation + cache read + output of the newest real response; null before any. */
  readonly usageTotal: number | null;
  /** The API message id that usage belongs to. */
  readonly usageMessageId: string | null;
  /** Estimate of the messages after the first piece of that response (later pieces included). */
  readonly estimateAfterUsage: number;
  /** Estimate of every message since the boundary, for when there is no usage yet. */
  readonly estimateAll: number;
  /** Usage only, no estimate (tokenCountFromLastAPIResponse). */
  readonly lastResponseTokens: number;
}

export function initialState(): TokensState {
  return { usageTotal: null, usageMessageId: null, estimateAfterUsage: 0, estimateAll: 0, lastResponseTokens: 0 };
}

/** True for the entries that are part of the main conversation's messages. */
export function isMainThreadMessage(event: LogEntry): boolean {
  const { entry } = event;
  if (entry.type !== 'user' && entry.type !== 'assistant' && entry.type !== 'attachment' && entry.type !== 'system') return false;
  return entry.isSidechain !== true;
}

export function evolve(state: TokensState, event: LogEntry): TokensState {
  const { entry } = event;
  if (!isMainThreadMessage(event)) return state;
  if (entry.type === 'system') return entry.subtype === 'compact_boundary' ? initialState() : state;
  const estimate = entryTokens(entry);
  const usage = entry.type === 'assistant' ? realUsage(entry) : undefined;
  if (usage !== undefined && entry.type === 'assistant') {
    const id = entry.message.id ?? null;
    const total = usageTotal(usage);
    const samePiece = id !== null && id === state.usageMessageId;
    return {
      usageTotal: total,
      usageMessageId: id,
      estimateAfterUsage: samePiece ? state.estimateAfterUsage + estimate : 0,
      estimateAll: state.estimateAll + estimate,
      lastResponseTokens: total,
    };
  }
  if (estimate === 0) return state;
  return {
    usageTotal: state.usageTotal,
    usageMessageId: state.usageMessageId,
    estimateAfterUsage: state.estimateAfterUsage + estimate,
    estimateAll: state.estimateAll + estimate,
    lastResponseTokens: state.lastResponseTokens,
  };
}

/** tokenCountWithEstimation. */
export function selectContextTokens(state: TokensState): number {
  return state.usageTotal === null ? state.estimateAll : state.usageTotal + state.estimateAfterUsage;
}

export function usageTotal(usage: Usage): number {
  return usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0) + usage.output_tokens;
}

/** The usage of a response the model really sent: a synthetic entry's zeroed usage would reset the count. */
function realUsage(entry: AssistantEntry): Usage | undefined {
  if (!isModelResponse(entry)) return undefined;
  return entry.message.usage ?? undefined;
}

export const tokensProjection = defineProjection<TokensState>({ name: 'tokens', version: 1, initialState, evolve });
