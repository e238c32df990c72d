import { elementAt } from '../errors.js';
import { isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import { isEmptyText } from './apiBlocks.js';

export interface WireMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ContentBlock[];
}

/** What a tool call with no result in the log is answered with, so the request stays valid (spec §6.1 ensureToolResultPairing). */
export const MISSING_TOOL_RESULT = 'This tool call has no result in the transcript (the session stopped before it finished).';

/** What an opening assistant message is preceded by, since the API needs a user message first. */
export const OPENING_PLACEHOLDER = '(The conversation resumes here.)';

/**
 * Makes a message list one the Messages API accepts, changing as little as possible: empty text
 * blocks and empty messages go; neighbours of one role merge (tool results first in a user
 * message); each tool_use is answered in the very next user message (a missing result becomes an
 * error result), and a tool_result that answers nothing in the message before it is dropped; a
 * repeated tool_use id is dropped; the list starts with a user message; a final assistant message
 * does not end in thinking.
 */
export function ensureApiInvariants(input: readonly WireMessage[]): WireMessage[] {
  const messages = pairToolResults(withoutMisplacedBlocks(input));
  if (messages[0]?.role === 'assistant') messages.unshift({ role: 'user', content: [{ type: 'text', text: OPENING_PLACEHOLDER }] });
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    while (isThinking(last.content.at(-1))) last.content.pop();
    if (last.content.length === 0) messages.pop();
  }
  return messages;
}

type MutableMessage = { role: 'user' | 'assistant'; content: ContentBlock[] };

const isThinking = (block: ContentBlock | undefined): boolean => block?.type === 'thinking' || block?.type === 'redacted_thinking';

/** Empty text, a block on the wrong side and a repeated tool_use id dropped; neighbours of one role merged. */
function withoutMisplacedBlocks(input: readonly WireMessage[]): MutableMessage[] {
  const seenUses = new Set<string>();
  const messages: MutableMessage[] = [];
  for (const message of input) {
    const content = message.content.filter((block) => {
      if (isEmptyText(block)) return false;
      // A tool call belongs to the assistant and its result to the user; one on the wrong side is dropped.
      if (block.type === 'tool_use' && message.role !== 'assistant') return false;
      if (block.type === 'tool_result' && message.role !== 'user') return false;
      if (!isToolUseBlock(block)) return true;
      if (seenUses.has(block.id)) return false;
      seenUses.add(block.id);
      return true;
    });
    push(messages, message.role, content);
  }
  return messages;
}

/** Each assistant message with tool calls followed by a user message answering every call, first; orphan results dropped. */
function pairToolResults(messages: readonly MutableMessage[]): MutableMessage[] {
  const paired: MutableMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = elementAt(messages, i);
    if (message.role === 'user') {
      // A user message not right after a tool call can only hold orphan results.
      push(
        paired,
        'user',
        message.content.filter((block) => block.type !== 'tool_result'),
      );
      continue;
    }
    push(paired, 'assistant', message.content);
    const uses = message.content.filter(isToolUseBlock).map((block) => block.id);
    if (uses.length === 0) continue;
    const next = messages[i + 1];
    const nextBlocks = next?.role === 'user' ? next.content : [];
    if (next?.role === 'user') i++;
    paired.push({ role: 'user', content: answering(uses, nextBlocks) });
  }
  return paired;
}

/** The user message after tool calls: their results, a missing one answered with an error, then the rest of the blocks. */
function answering(uses: readonly string[], nextBlocks: readonly ContentBlock[]): ContentBlock[] {
  const results = new Map<string, ContentBlock>();
  for (const block of nextBlocks)
    if (isToolResultBlock(block) && uses.includes(block.tool_use_id) && !results.has(block.tool_use_id))
      results.set(block.tool_use_id, block);
  // Results keep the order they arrived in (Claude Code sends them so); missing ones follow.
  const missing = uses
    .filter((id) => !results.has(id))
    .map((id) => ({ type: 'tool_result', tool_use_id: id, content: MISSING_TOOL_RESULT, is_error: true }));
  const rest = nextBlocks.filter((block) => block.type !== 'tool_result');
  return [...results.values(), ...missing, ...rest];
}

/** Appends, merging into the previous message of the same role (a user message keeps tool results first). */
function push(out: MutableMessage[], role: 'user' | 'assistant', content: readonly ContentBlock[]): void {
  if (content.length === 0) return;
  const last = out.at(-1);
  if (last?.role !== role) {
    out.push({ role, content: [...content] });
    return;
  }
  if (role === 'assistant') {
    last.content.push(...content);
    return;
  }
  const merged = [...last.content, ...content];
  last.content = [...merged.filter((b) => b.type === 'tool_result'), ...merged.filter((b) => b.type !== 'tool_result')];
}

/**
 * The rules a request must keep, as messages: an empty list means the API would accept the
 * conversation's shape. Used by tests; the local test server checks the same rules on its own.
 */
export function apiInvariantViolations(messages: readonly WireMessage[]): string[] {
  const problems: string[] = [];
  if (messages.length === 0) problems.push('no messages');
  if (messages[0] !== undefined && messages[0].role !== 'user') problems.push('the first message is not a user message');
  const seen = new Set<string>();
  messages.forEach((message, i) => {
    if (i > 0 && messages[i - 1]?.role === message.role) problems.push(`messages ${i - 1} and ${i} are both ${message.role}`);
    if (message.content.length === 0) problems.push(`message ${i} has no content`);
    for (const block of message.content) {
      if (isEmptyText(block)) problems.push(`message ${i} has an empty text block`);
      if (isToolUseBlock(block)) {
        if (message.role !== 'assistant') problems.push(`message ${i}: tool_use in a user message`);
        if (seen.has(block.id)) problems.push(`message ${i}: tool_use id ${block.id} repeated`);
        seen.add(block.id);
        const next = messages[i + 1];
        if (next === undefined || !next.content.some((b) => isToolResultBlock(b) && b.tool_use_id === block.id))
          problems.push(`message ${i}: tool_use ${block.id} has no tool_result in the next message`);
      }
      if (isToolResultBlock(block)) {
        const previous = messages[i - 1];
        if (message.role !== 'user') problems.push(`message ${i}: tool_result in an assistant message`);
        if (previous === undefined || !previous.content.some((b) => isToolUseBlock(b) && b.id === block.tool_use_id))
          problems.push(`message ${i}: tool_result ${block.tool_use_id} answers no tool_use in the message before`);
      }
    }
  });
  const last = messages.at(-1);
  if (last?.role === 'assistant' && (last.content.at(-1)?.type === 'thinking' || last.content.at(-1)?.type === 'redacted_thinking'))
    problems.push('the final assistant message ends in thinking');
  return problems;
}
