import { CONTINUED } from '../../projections/turns.js';
import { isTextBlock } from '../../transcript/contentGuards.js';
import type { ModelMessage } from '../port.js';

/** Tags Claude Code may put before a summary in the same text (reminders, the context it restores). */
const LEADING_TAGS = /^(?:\s*<([A-Za-z][\w-]*)>[\s\S]*?<\/\1>)*\s*/;

/**
 * A compaction's summary, as the model reads it after a compaction: a user message Claude Code
 * wrote, opening with the same words in every version (its account of the work, the person's words
 * it quotes, its closing "If you need specific details from before compaction…" paragraph). No one's
 * words: what it sums up is read where it was said (decision 106).
 */
export function isCompactionSummary(text: string): boolean {
  // Most texts hold no summary: the tags before one are looked at only when its opening is there.
  return text.includes(CONTINUED) && text.replace(LEADING_TAGS, '').startsWith(CONTINUED);
}

/** The message without the compaction summaries it holds (a summary is read with the prompt it follows). */
export function withoutCompactionSummaries(message: ModelMessage): ModelMessage {
  if (typeof message.content === 'string') return isCompactionSummary(message.content) ? { ...message, content: '' } : message;
  if (!message.content.some((block) => isTextBlock(block) && isCompactionSummary(block.text))) return message;
  return { ...message, content: message.content.filter((block) => !isTextBlock(block) || !isCompactionSummary(block.text)) };
}
