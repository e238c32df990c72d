import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlock } from '../../transcript/contentSchema.js';
import type { ModelReply } from '../port.js';

/** The port's reply for an API message. */
export function toModelReply(message: Anthropic.Message): ModelReply {
  return {
    model: message.model,
    content: message.content as unknown as ContentBlock[],
    stopReason: message.stop_reason ?? null,
    usage: {
      inputTokens: message.usage.input_tokens,
      outputTokens: message.usage.output_tokens,
      cacheCreationInputTokens: message.usage.cache_creation_input_tokens ?? 0,
      cacheReadInputTokens: message.usage.cache_read_input_tokens ?? 0,
    },
  };
}
