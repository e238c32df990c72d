import { isTextBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';

type Loose = Record<string, unknown>;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Kinds the Messages API takes as they are stored: server tool calls and their results, which
 * Claude Code sends back verbatim (spec §1.5), search results and container uploads. Anything
 * else that is not rebuilt below (tool_reference, beta-only kinds such as MCP or advisor blocks,
 * kinds added after this list) is never sent.
 */
const PASSED_THROUGH: ReadonlySet<string> = new Set([
  'search_result',
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
]);

/** What a tool_result's content array may hold when sent (spec §1.5, tool_reference aside). */
const RESULT_CONTENT: ReadonlySet<string> = new Set(['text', 'image', 'document', 'search_result']);

/** Blocks left out because the API does not take their kind: kind → count, filled in by {@link toApiBlock}. */
export type DroppedBlocks = Record<string, number>;

/**
 * A stored block as the Messages API accepts it. Transcripts keep blocks verbatim with fields
 * the API does not take (Claude Code adds bookkeeping such as `caller`); known kinds are rebuilt
 * from their API fields, `tool_reference` is dropped (spec §6.2 step 4, tool search off), server
 * tool blocks and search results pass through. Null when the block must not be sent; a block of a
 * kind the API does not know (also inside a tool_result) is counted in `dropped`, so the caller
 * can say what it left out.
 */
export function toApiBlock(block: ContentBlock, dropped?: DroppedBlocks): ContentBlock | null {
  const b = block as Loose;
  const kind = String(b['type']);
  switch (kind) {
    case 'text':
      return { type: 'text', text: asText(b['text']) };
    case 'thinking':
      return { type: 'thinking', thinking: asText(b['thinking']), signature: asText(b['signature']) };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: asText(b['data']) };
    case 'tool_use':
      return { type: 'tool_use', id: String(b['id']), name: String(b['name']), input: isObject(b['input']) ? b['input'] : {} };
    case 'tool_result': {
      const content = b['content'];
      const inner = Array.isArray(content) ? (content as ContentBlock[]).flatMap((item) => resultItem(item, dropped)) : content;
      return {
        type: 'tool_result',
        tool_use_id: String(b['tool_use_id']),
        ...(inner === undefined || inner === null ? {} : { content: inner as string }),
        ...(b['is_error'] === true ? { is_error: true } : {}),
      };
    }
    case 'image':
      return { type: 'image', source: b['source'] };
    case 'document': {
      const { type: _type, source, title, context, citations } = b;
      return {
        type: 'document',
        source,
        ...(title === undefined ? {} : { title }),
        ...(context === undefined ? {} : { context }),
        ...(citations === undefined ? {} : { citations }),
      };
    }
    case 'tool_reference':
      return null;
    default:
      if (PASSED_THROUGH.has(kind)) return block;
      count(dropped, kind);
      return null;
  }
}

/** One item of a tool_result's content as sent: none for tool_reference, empty text or a kind a result may not hold. */
function resultItem(item: ContentBlock, dropped: DroppedBlocks | undefined): ContentBlock[] {
  const kind = String((item as Loose)['type']);
  if (kind === 'tool_reference') return [];
  if (!RESULT_CONTENT.has(kind)) {
    count(dropped, kind);
    return [];
  }
  const sent = toApiBlock(item, dropped);
  return sent === null || isEmptyText(sent) ? [] : [sent];
}

function count(dropped: DroppedBlocks | undefined, kind: string): void {
  if (dropped !== undefined) dropped[kind] = (dropped[kind] ?? 0) + 1;
}

/** The API rejects text blocks with no text or only whitespace. */
export function isEmptyText(block: ContentBlock): boolean {
  return block.type === 'text' && !(isTextBlock(block) && block.text.trim() !== '');
}

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
