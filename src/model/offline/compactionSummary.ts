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

/**
 * Claude Code's closing lines of a summary, in the versions seen ("If you need specific details
 * from before compaction…", "Please continue the conversation from where we left off…", "Continue
 * the conversation from where it left off…", "The messages after this summary are…"): what follows
 * the last of them is the person's again (decision 106, amended).
 */
const CLOSING_LINE =
  /^(?:If you need specific details from before compaction|Please continue the conversation from where we left|Continue the conversation from where it left off|The messages after this summary are)\b.*$/gm;

/** A summary's text without the summary: what follows its closing lines, or nothing when it has none. */
function afterSummary(text: string): string {
  let end = -1;
  for (const match of text.matchAll(CLOSING_LINE)) end = match.index + match[0].length;
  return end < 0 ? '' : text.slice(end).trim();
}

/** A text without the compaction summary it opens with. */
const withoutSummary = (text: string): string => (isCompactionSummary(text) ? afterSummary(text) : text);

/** The message without the compaction summaries it holds (a summary is read with the prompt it follows, the words after it on their own). */
export function withoutCompactionSummaries(message: ModelMessage): ModelMessage {
  if (typeof message.content === 'string')
    return isCompactionSummary(message.content) ? { ...message, content: afterSummary(message.content) } : message;
  if (!message.content.some((block) => isTextBlock(block) && isCompactionSummary(block.text))) return message;
  const content = message.content
    .map((block) => (isTextBlock(block) ? { ...block, text: withoutSummary(block.text) } : block))
    .filter((block) => !isTextBlock(block) || block.text !== '');
  return { ...message, content };
}
