import type OpenAI from 'openai';
import { plainText, toolResultText } from '../blockText.js';
import { forcedTool } from '../forcedTool.js';
import { isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';
import type { ModelMessage, ModelRequest } from '../port.js';

type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
export type ChatParams = OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;

/**
 * The chat-completions body for a port request: the system prompt as the first message, tool
 * calls and results as the protocol's own, tools as functions, the output schema as
 * `response_format` (unless the server is known not to take it: `withSchema` false).
 */
export function toChatParams(request: ModelRequest, model: string, withSchema: boolean): ChatParams {
  const messages: ChatMessage[] = request.system === undefined ? [] : [{ role: 'system', content: request.system }];
  for (const message of request.messages) messages.push(...toChatMessages(message));
  const forced = forcedTool(request);
  return {
    model,
    max_tokens: request.maxTokens,
    messages,
    ...(request.tools === undefined || request.tools.length === 0
      ? {}
      : {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: { ...tool.inputSchema } },
          })),
          ...(forced === undefined ? {} : { tool_choice: { type: 'function' as const, function: { name: forced } } }),
        }),
    ...(request.outputSchema === undefined || !withSchema
      ? {}
      : { response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { ...request.outputSchema } } } }),
  };
}

function toChatMessages(message: ModelMessage): ChatMessage[] {
  const blocks: readonly ContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const text = plainText(blocks);
  if (message.role === 'assistant') {
    const calls = blocks.flatMap((b) =>
      isToolUseBlock(b)
        ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }]
        : [],
    );
    return [
      { role: 'assistant', content: text === '' && calls.length > 0 ? null : text, ...(calls.length === 0 ? {} : { tool_calls: calls }) },
    ];
  }
  // Tool results answer the previous assistant's calls, so they come first, one tool message each.
  const results: ChatMessage[] = blocks.flatMap((b) =>
    isToolResultBlock(b)
      ? [{ role: 'tool' as const, tool_call_id: b.tool_use_id, content: `${b.is_error === true ? 'Error: ' : ''}${toolResultText(b)}` }]
      : [],
  );
  return text === '' && results.length > 0 ? results : [...results, { role: 'user', content: text }];
}
