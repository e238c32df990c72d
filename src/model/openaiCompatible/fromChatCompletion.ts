import type OpenAI from 'openai';
import { ModelPortError } from '../../errors.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';
import type { ModelReply } from '../port.js';

const STOP_REASONS: Readonly<Record<string, string>> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  function_call: 'tool_use',
};

/** The port's reply for a chat completion: text, then tool calls as tool_use blocks. */
export function fromChatCompletion(completion: OpenAI.Chat.ChatCompletion, text?: string): ModelReply {
  const choice = completion.choices[0];
  if (choice === undefined) throw new ModelPortError('the OpenAI-compatible server answered with no choices', null, {});
  const content: ContentBlock[] = [];
  const said = text ?? choice.message.content ?? '';
  if (said !== '') content.push({ type: 'text', text: said });
  for (const call of choice.message.tool_calls ?? []) {
    if (call.type !== 'function') continue;
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: toolInput(call.function.name, call.function.arguments),
    });
  }
  const usage = completion.usage;
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    model: completion.model,
    content,
    stopReason: STOP_REASONS[choice.finish_reason] ?? choice.finish_reason,
    usage: {
      inputTokens: (usage?.prompt_tokens ?? 0) - cached,
      outputTokens: usage?.completion_tokens ?? 0,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
    },
  };
}

/** A tool call's arguments; a half-made call is refused, not run (as the Anthropic adapter does). */
function toolInput(name: string, raw: string): unknown {
  try {
    return raw.trim() === '' ? {} : (JSON.parse(raw) as unknown);
  } catch {
    throw new ModelPortError(
      `the model's arguments for ${name} are not whole JSON (${raw.length} characters); the call is refused, not run`,
      null,
      { malformedToolInput: true },
    );
  }
}
