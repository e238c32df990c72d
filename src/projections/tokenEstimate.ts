import { isRedactedThinkingBlock, isTextBlock, isThinkingBlock, isToolResultBlock, isToolUseBlock } from '../transcript/contentGuards.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { Entry } from '../transcript/entrySchema.js';

/** Claude Code's flat guess for an image or a document block (spec §5.4). */
export const MEDIA_BLOCK_TOKENS = 2000;

/** round(chars / 4): Claude Code's rough token estimate for text. */
export function roughTokens(text: string): number {
  return Math.round(text.length / 4);
}

/** The rough estimate of one content block (spec §5.4). */
export function blockTokens(block: ContentBlock): number {
  if (isTextBlock(block)) return roughTokens(block.text);
  if (isToolUseBlock(block)) return roughTokens(block.name + (JSON.stringify(block.input) ?? ''));
  if (isToolResultBlock(block)) {
    const content = block.content;
    if (content === undefined) return 0;
    return typeof content === 'string' ? roughTokens(content) : content.reduce((sum, inner) => sum + blockTokens(inner), 0);
  }
  if (isThinkingBlock(block)) return roughTokens(block.thinking);
  if (isRedactedThinkingBlock(block)) return roughTokens(block.data);
  if (block.type === 'image' || block.type === 'document') return MEDIA_BLOCK_TOKENS;
  return roughTokens(JSON.stringify(block));
}

/**
 * Attachment kinds that become text the model reads. Others (environment, model, prompt
 * snapshots, session context…) are bookkeeping or reach the model another way, and count 0.
 */
const RENDERED_ATTACHMENTS: ReadonlySet<string> = new Set([
  'file',
  'nested_memory',
  'relevant_memories',
  'current_session_memory',
  'skill_listing',
  'invoked_skills',
  'queued_command',
  'hook_additional_context',
  'hook_success',
  'hook_system_message',
  'task_reminder',
  'todo_reminder',
  'plan_file_reference',
  'plan_mode',
  'compact_file_reference',
  'edited_text_file',
  'deferred_tools_delta',
  'mcp_instructions_delta',
  'agent_listing_delta',
  'date_change',
  'critical_system_reminder',
  'total_tokens_reminder',
]);

/**
 * The rough estimate of one transcript entry as a message (roughTokenCountEstimationForMessages):
 * user and assistant content; an attachment the model reads by its JSON (an approximation of the
 * reminder it is rendered as); everything else (system, progress, side entries) counts 0.
 */
export function entryTokens(entry: Entry): number {
  // Every trigger estimates the entry it is handed, one after another, and a sampled response
  // applies the few entries that waited behind it: a handful of recent entries covers them.
  for (let i = 0; i < RECENT; i++) if (recentEntries[i] === entry) return recentEstimates[i] as number;
  const estimate = estimateOnce(entry);
  recentEntries[next] = entry;
  recentEstimates[next] = estimate;
  next = (next + 1) % RECENT;
  return estimate;
}

/**
 * Entries are immutable, so an estimate can be remembered. Not in a WeakMap: one set per entry
 * of a long replay costs more than estimating twice (bench/replayStages.bench.ts).
 */
const RECENT = 8;
const recentEntries: Array<Entry | undefined> = new Array<Entry | undefined>(RECENT).fill(undefined);
const recentEstimates: number[] = new Array<number>(RECENT).fill(0);
let next = 0;

function estimateOnce(entry: Entry): number {
  switch (entry.type) {
    case 'user':
    case 'assistant': {
      const content = entry.message.content;
      return typeof content === 'string' ? roughTokens(content) : content.reduce((sum, block) => sum + blockTokens(block), 0);
    }
    case 'attachment':
      return RENDERED_ATTACHMENTS.has(entry.attachment.type) ? roughTokens(JSON.stringify(entry.attachment)) : 0;
    default:
      return 0;
  }
}

/**
 * Claude Code's estimate for compaction sizing (estimateMessageTokens, spec §5.4): only user
 * and assistant messages with array content count (string content counts 0), block by block,
 * and the total is padded by 4/3, rounded up.
 */
export function estimateMessageTokens(entries: Iterable<Entry>): number {
  let total = 0;
  for (const entry of entries) {
    if ((entry.type !== 'user' && entry.type !== 'assistant') || typeof entry.message.content === 'string') continue;
    for (const block of entry.message.content) total += blockTokens(block);
  }
  return Math.ceil((total * 4) / 3);
}
