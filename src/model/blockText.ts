import type { ContentBlock, ToolResultBlock } from '../transcript/contentSchema.js';

/** A tool_result's content as plain text (non-text parts named, not dropped). */
export function toolResultText(block: ToolResultBlock): string {
  if (block.content === undefined) return '';
  if (typeof block.content === 'string') return block.content;
  return block.content.map((part) => (part.type === 'text' && 'text' in part ? String(part.text) : `[${part.type}]`)).join('\n');
}

/** The text blocks of a message's content, joined; a string content as it is. */
export function plainText(content: string | readonly ContentBlock[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((block) => (block.type === 'text' && 'text' in block ? [String(block.text)] : [])).join('\n');
}
