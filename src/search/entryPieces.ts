import type { Entry } from '../transcript/entrySchema.js';
import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';

/** What a row of the index holds: the words typed or answered, a tool call's input, or a tool's result. */
export type PieceKind = 'text' | 'tool_use' | 'tool_result';
export type PieceRole = 'user' | 'assistant';

export interface EntryPiece {
  readonly role: PieceRole;
  readonly kind: PieceKind;
  readonly text: string;
}

/**
 * Tool text indexed per piece: a tool's output can be megabytes (a whole file read, a build log),
 * its start is what names it, and storing and tokenizing it is most of the indexing's cost; the
 * person's and the assistant's words are indexed whole (decisions 72 and 89).
 */
export const MAX_TOOL_TEXT = 2 * 1024;

const capped = (text: string): string => (text.length > MAX_TOOL_TEXT ? text.slice(0, MAX_TOOL_TEXT) : text);

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isTextBlock)
    .map((block) => block.text)
    .join('\n');
}

/**
 * The searchable pieces of one entry: a user or assistant message's text, each tool call's name
 * and input, each tool result's text. Meta messages and compaction summaries are the harness's
 * words, not the conversation's, and thinking is not shown to the person: none is indexed.
 */
export function entryPieces(entry: Entry): EntryPiece[] {
  if (entry.type !== 'user' && entry.type !== 'assistant') return [];
  const fields = entry as { isMeta?: unknown; isCompactSummary?: unknown; message?: { content?: unknown } };
  if (fields.isMeta === true || fields.isCompactSummary === true) return [];
  const role: PieceRole = entry.type;
  const content = fields.message?.content;
  if (typeof content === 'string') return content.trim() === '' ? [] : [{ role, kind: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const pieces: EntryPiece[] = [];
  const text = content
    .filter(isTextBlock)
    .map((block) => block.text)
    .join('\n');
  if (text.trim() !== '') pieces.push({ role, kind: 'text', text });
  for (const block of content) {
    if (isToolUseBlock(block)) pieces.push({ role, kind: 'tool_use', text: capped(`${block.name} ${JSON.stringify(block.input ?? {})}`) });
    else if (isToolResultBlock(block)) {
      const result = toolResultText(block.content);
      if (result.trim() !== '') pieces.push({ role, kind: 'tool_result', text: capped(result) });
    }
  }
  return pieces;
}
