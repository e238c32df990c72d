import type { ContentBlock } from '../transcript/contentSchema.js';

type Loose = Record<string, unknown>;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A stored block as the Messages API accepts it. Transcripts keep blocks verbatim with fields
 * the API does not take (Claude Code adds bookkeeping such as `caller`); known kinds are rebuilt
 * from their API fields, `tool_reference` is dropped (spec §6.2 step 4, tool search off), other
 * kinds (server tools, search results) pass through. Null when the block must not be sent.
 */
export function toApiBlock(block: ContentBlock): ContentBlock | null {
  const b = block as Loose;
  switch (b['type']) {
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
      const inner = Array.isArray(content) ? (content as ContentBlock[]).map(toApiBlock).filter((x): x is ContentBlock => x !== null && !isEmptyText(x)) : content;
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
      return { type: 'document', source, ...(title === undefined ? {} : { title }), ...(context === undefined ? {} : { context }), ...(citations === undefined ? {} : { citations }) };
    }
    case 'tool_reference':
      return null;
    default:
      return block;
  }
}

/** The API rejects text blocks with no text or only whitespace. */
export function isEmptyText(block: ContentBlock): boolean {
  return block.type === 'text' && ((block as { text: string }).text ?? '').trim() === '';
}

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
