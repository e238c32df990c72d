import { InvalidArgumentError } from '../errors.js';
import type { ModelRequest } from '../model/port.js';
import { blockTokens, roughTokens } from '../projections/tokenEstimate.js';
import { isTextBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { ensureApiInvariants, type WireMessage } from './apiInvariants.js';
import type { RenderedAttachment } from './memoryAttachments.js';
import type { NormalizedConversation } from './normalizeForApi.js';
import { isSystemReminder } from './reminder.js';
import { joinSections, type SystemSection } from './systemPrompt.js';
import { userContextMessage } from './userContext.js';

/** The Messages API request body, as memlog's Anthropic adapter sends it (src/model/anthropic/anthropicModel.ts toParams). */
export interface MessagesRequestBody {
  readonly model: string;
  readonly max_tokens: number;
  readonly system?: ReadonlyArray<{ readonly type: 'text'; readonly text: string }>;
  readonly messages: readonly WireMessage[];
}

export interface AssembleInput {
  readonly model: string;
  readonly maxTokens: number;
  readonly system: readonly SystemSection[];
  /** The `claudeMd` block (instruction files and the index) and the date line. */
  readonly userContext: { readonly claudeMd: string; readonly currentDate: string };
  /** The index's entry inside the claudeMd block, counted as its own part. */
  readonly indexText: string;
  readonly conversation: NormalizedConversation;
  /** The next turn: reminders produced with it (recalled memories, notes), then the prompt. */
  readonly newTurn: { readonly reminders: readonly RenderedAttachment[]; readonly prompt: string };
}

/** Rough token estimates (chars / 4, as Claude Code estimates) of each part of the request. */
export interface ContextParts {
  readonly system: number;
  readonly index: number;
  readonly attachments: number;
  readonly messages: number;
  readonly total: number;
}

export interface AssembledRequest {
  readonly body: MessagesRequestBody;
  readonly sections: readonly SystemSection[];
  readonly userContext: string | null;
  readonly newTurn: AssembleInput['newTurn'];
  readonly parts: ContextParts;
}

/**
 * The request memlog would send next, from parts already read: the system prompt; the user
 * context as the first (meta) user message; the normalised conversation; the next turn's
 * reminders and prompt last. The result keeps the API's invariants whatever the log held.
 * Throws InvalidArgumentError when there is nothing to send: no conversation and an empty prompt
 * (Claude Code never sends a turn without a prompt, and the API rejects a request with no
 * messages; inventing one would show a request nobody sends).
 */
export function assembleRequest(input: AssembleInput): AssembledRequest {
  if (input.conversation.messages.length === 0 && input.newTurn.prompt.trim() === '') {
    throw new InvalidArgumentError(
      'nothing to send: the transcript holds no conversation the model would see, and the prompt is empty; give a non-empty prompt',
    );
  }
  const context = userContextMessage(input.userContext);
  const messages: WireMessage[] = [];
  if (context !== null) messages.push({ role: 'user', content: [text(context)] });
  for (const message of input.conversation.messages) messages.push({ role: message.role, content: message.content });
  messages.push({
    role: 'user',
    content: [
      ...input.newTurn.reminders.map((r) => text(r.text)),
      ...(input.newTurn.prompt.trim() === '' ? [] : [text(input.newTurn.prompt)]),
    ],
  });
  const wire = ensureApiInvariants(messages);
  const systemText = joinSections(input.system);
  const body: MessagesRequestBody = {
    model: input.model,
    max_tokens: input.maxTokens,
    ...(systemText === '' ? {} : { system: [{ type: 'text' as const, text: systemText }] }),
    messages: wire,
  };
  return { body, sections: input.system, userContext: context, newTurn: input.newTurn, parts: measure(body, input.indexText) };
}

/** The request as a ModelRequest, for any ModelPort; the Anthropic adapter turns it back into `body`. */
export function toModelRequest(request: AssembledRequest): ModelRequest {
  const system = request.body.system?.map((block) => block.text).join('\n\n');
  return {
    model: request.body.model,
    maxTokens: request.body.max_tokens,
    ...(system === undefined ? {} : { system }),
    messages: request.body.messages,
  };
}

function measure(body: MessagesRequestBody, indexText: string): ContextParts {
  const system = roughTokens(body.system?.map((block) => block.text).join('') ?? '');
  const index = indexText === '' ? 0 : roughTokens(indexText);
  let reminders = 0;
  let messages = 0;
  for (const message of body.messages) {
    for (const block of message.content) {
      if (isTextBlock(block) && isSystemReminder(block.text)) reminders += blockTokens(block);
      else messages += blockTokens(block);
    }
  }
  const attachments = Math.max(0, reminders - index);
  return { system, index, attachments, messages, total: system + index + attachments + messages };
}

function text(value: string): ContentBlock {
  return { type: 'text', text: value };
}
