import { isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { ModelMessage } from './port.js';

/** What a background run tells the API about a tool call of the main agent whose result is not in yet. */
export const PENDING_TOOL_RESULT = 'This tool call had not finished when this background task started.';

function blocksOf(message: ModelMessage): ContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
}

/**
 * A conversation with a background task's prompt after it, valid for the Messages API: tool
 * calls still waiting for their result get an error result (the API rejects a tool_use
 * without one), and the prompt joins a trailing user message rather than following it.
 */
export function withTaskPrompt(conversation: readonly ModelMessage[], prompt: string): ModelMessage[] {
  const messages = [...conversation];
  const last = messages.at(-1);
  const open =
    last?.role === 'assistant'
      ? blocksOf(last)
          .filter(isToolUseBlock)
          .map((block) => block.id)
      : [];
  const pending: ContentBlock[] = open.map((id) => ({
    type: 'tool_result',
    tool_use_id: id,
    content: PENDING_TOOL_RESULT,
    is_error: true,
  }));
  const promptBlock: ContentBlock = { type: 'text', text: prompt };
  if (last?.role === 'user') {
    messages[messages.length - 1] = { role: 'user', content: [...blocksOf(last), promptBlock] };
    return messages;
  }
  return [...messages, { role: 'user', content: pending.length === 0 ? prompt : [...pending, promptBlock] }];
}
