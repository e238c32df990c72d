import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { ApiMessage } from './apiView.js';
import type { ChainNode } from './transcriptIndex.js';
import { messageIdOf } from './transcriptIndex.js';

/** The text Claude Code puts in the synthetic assistant reply after a trailing user message. */
export const NO_RESPONSE_REQUESTED = 'No response requested.';

/**
 * The clean-up a resume applies to the chain before anything is sent (spec §3.4 steps 4–6):
 * assistant entries whose every tool_use lacks a result, thinking-only pieces of a message
 * with no other content, and whitespace-only assistant entries are dropped.
 */
export function filterForResume(chain: readonly ChainNode[]): ChainNode[] {
  const answered = new Set<string>();
  const hasVisibleContent = new Set<string>();
  for (const node of chain) {
    const blocks = blocksOf(node);
    for (const block of blocks) {
      if (isToolResultBlock(block)) answered.add(block.tool_use_id);
    }
    const id = messageIdOf(node.entry);
    if (id !== undefined && blocks.some((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking')) hasVisibleContent.add(id);
  }
  return chain.filter((node) => {
    if (node.entry.type !== 'assistant') return true;
    const blocks = blocksOf(node);
    const toolIds = blocks.filter(isToolUseBlock).map((b) => b.id);
    if (toolIds.length > 0 && toolIds.every((id) => !answered.has(id))) return false;
    const thinkingOnly = blocks.length > 0 && blocks.every((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
    const id = messageIdOf(node.entry);
    if (thinkingOnly && (id === undefined || !hasVisibleContent.has(id))) return false;
    return !isWhitespaceOnly(blocks);
  });
}

/** A history that ends on a user message gets Claude Code's synthetic reply, so it is valid for the API (spec §3.4 step 8). */
export function closeWithSyntheticReply(messages: ApiMessage[]): ApiMessage[] {
  if (messages.at(-1)?.role !== 'user') return messages;
  return [...messages, { role: 'assistant', content: [{ type: 'text', text: NO_RESPONSE_REQUESTED }], sources: [] }];
}

function blocksOf(node: ChainNode): ContentBlock[] {
  const { entry } = node;
  if (entry.type !== 'user' && entry.type !== 'assistant') return [];
  const content = entry.message.content;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function isWhitespaceOnly(blocks: ContentBlock[]): boolean {
  return blocks.length > 0 && blocks.every((b) => isTextBlock(b) && b.text.trim() === '');
}
