import { isTextBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { Entry } from '../transcript/entrySchema.js';

/**
 * A block with only what a resume decides on: its kind, a tool call's and a tool result's ids,
 * whether a text is blank. The words, inputs and outputs are gone: they are what takes the
 * memory (and hashing them cost a third of `inspect`'s time). Two blocks of a message that were
 * different may now look alike, so a light message can hold fewer blocks than the whole one; which
 * messages there are, their roles, entries and ids, do not change.
 */
function lightBlock(block: ContentBlock): ContentBlock {
  if (isTextBlock(block)) return { type: 'text', text: block.text.trim() === '' ? '' : '.' };
  if (isToolUseBlock(block)) return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  if (isToolResultBlock(block))
    return {
      type: 'tool_result',
      tool_use_id: block.tool_use_id,
      content: '',
      ...(block.is_error === undefined ? {} : { is_error: block.is_error }),
    };
  return { type: block.type };
}

/** The fields of a chain entry that building and cleaning the resumed chain read (src/resume/). */
const KEPT = [
  'type',
  'uuid',
  'parentUuid',
  'logicalParentUuid',
  'timestamp',
  'isSidechain',
  'isVirtual',
  'isMeta',
  'isCompactSummary',
  'isApiErrorMessage',
  'subtype',
  'compactMetadata',
  'agentId',
] as const;

/**
 * A chain entry as small as the resumed chain allows: the fields src/resume reads, and message
 * content cut to what decides which entries and messages a resume keeps (lightBlock). What the
 * chain, its leaf, its cycle and the count, roles and sources of its API messages come out as is
 * the same as from the whole entry (test/resume/lightEntry.property.test.ts); the text of the
 * messages is not — a command that needs it reads the entry back by its offset
 * (src/transcript/readItemAt.ts). Side entries (titles, modes, summaries) are small and kept whole.
 */
export function lightEntry(entry: Entry): Entry {
  if (
    entry.type !== 'user' &&
    entry.type !== 'assistant' &&
    entry.type !== 'system' &&
    entry.type !== 'attachment' &&
    entry.type !== 'progress'
  )
    return entry;
  const light: Record<string, unknown> = {};
  for (const key of KEPT) {
    const value = (entry as Record<string, unknown>)[key];
    if (value !== undefined) light[key] = value;
  }
  if (entry.type === 'user' || entry.type === 'assistant') {
    const { message } = entry;
    const content = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
    light['message'] = {
      role: message.role,
      ...('id' in message && message.id !== undefined ? { id: message.id } : {}),
      ...('model' in message && message.model !== undefined ? { model: message.model } : {}),
      content: content.map(lightBlock),
    };
  }
  // Structurally the same entry kind with fewer fields; only src/resume reads it.
  return light as unknown as Entry;
}
