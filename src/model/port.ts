import type { ContentBlock } from '../transcript/contentSchema.js';

/**
 * The one interface memory work calls a model through: provider-neutral requests and replies.
 * Adapters (the Anthropic API, recorded cassettes, the offline model, test doubles) implement it.
 */
export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly ContentBlock[];
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export interface ModelRequest {
  /** A model id; each adapter has a default. */
  readonly model?: string;
  readonly system?: string;
  readonly messages: readonly ModelMessage[];
  readonly tools?: readonly ToolDefinition[];
  readonly maxTokens: number;
  /**
   * How many leading messages a background run shares with its parent conversation: the
   * adapter marks the end of that prefix (and the system prompt) for prompt caching.
   */
  readonly sharedPrefix?: number;
  /** Adapter-specific fields, passed through untouched. */
  readonly providerData?: Readonly<Record<string, unknown>>;
}

export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly cacheReadInputTokens: number;
}

export interface ModelReply {
  readonly model: string;
  readonly content: readonly ContentBlock[];
  readonly stopReason: string | null;
  readonly usage: ModelUsage;
}

export interface ModelPort {
  readonly name: string;
  complete(request: ModelRequest, options?: { readonly signal?: AbortSignal }): Promise<ModelReply>;
}

export const ZERO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
