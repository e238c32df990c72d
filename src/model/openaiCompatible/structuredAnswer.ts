import type OpenAI from 'openai';
import { ModelPortError } from '../../errors.js';
import type { ModelReply, ModelRequest } from '../port.js';
import { isJsonObject, readTolerantJson } from '../tolerantJson.js';
import { fromChatCompletion } from './fromChatCompletion.js';
import { toChatParams, type ChatParams } from './toChatParams.js';

type Create = (params: ChatParams) => Promise<OpenAI.Chat.ChatCompletion>;

/**
 * A structured answer: `response_format` where the server takes it, the schema in words where
 * not; the reply read tolerantly (fenced or surrounded JSON), and a reply that holds no JSON
 * object asked for once more with the parse failure. The reply's text is the JSON alone.
 */
export async function structuredAnswer(request: ModelRequest, create: Create, model: string): Promise<ModelReply> {
  const schema = JSON.stringify(request.outputSchema);
  const system =
    `${request.system ?? ''}\n\nAnswer with only a JSON object that follows this JSON schema, no other text:\n${schema}`.trim();
  const params = toChatParams({ ...request, system }, model, true);
  const first = await create(params);
  const firstText = first.choices[0]?.message.content ?? '';
  const parsed = readTolerantJson(firstText);
  if (isJsonObject(parsed)) return withUsage(fromChatCompletion(first, JSON.stringify(parsed)));
  const repair: ChatParams = {
    ...params,
    messages: [
      ...params.messages,
      { role: 'assistant', content: firstText },
      {
        role: 'user',
        content: `That answer is not a JSON object (${firstText === '' ? 'it is empty' : 'it does not parse'}). Answer again with only the JSON object, following the schema.`,
      },
    ],
  };
  const second = await create(repair);
  const secondText = second.choices[0]?.message.content ?? '';
  const repaired = readTolerantJson(secondText);
  if (!isJsonObject(repaired))
    throw new ModelPortError(
      `the OpenAI-compatible model's answer is not a JSON object, after one repair (${secondText.length} characters)`,
      422,
      { malformedJson: true },
    );
  const reply = fromChatCompletion(second, JSON.stringify(repaired));
  return withUsage(reply, fromChatCompletion(first, firstText).usage);
}

/** A reply with the tokens of an earlier attempt added. */
function withUsage(reply: ModelReply, earlier?: ModelReply['usage']): ModelReply {
  if (earlier === undefined) return reply;
  const u = reply.usage;
  return {
    ...reply,
    usage: {
      inputTokens: u.inputTokens + earlier.inputTokens,
      outputTokens: u.outputTokens + earlier.outputTokens,
      cacheCreationInputTokens: u.cacheCreationInputTokens + earlier.cacheCreationInputTokens,
      cacheReadInputTokens: u.cacheReadInputTokens + earlier.cacheReadInputTokens,
    },
  };
}
