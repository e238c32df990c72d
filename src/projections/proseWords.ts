import { isTextBlock } from '../transcript/contentGuards.js';
import type { Entry } from '../transcript/entrySchema.js';

/**
 * Whitespace-separated words of a user message as the prose gate counts them (2.1.332 spec §2):
 * a non-meta user message's text; null for what the gate does not count (tool results, meta
 * messages, any other entry). `withSummaries: false` leaves compact summaries out as well: they
 * are Claude Code's words, not the user's (memlog's policy).
 */
export function proseWords(entry: Entry, withSummaries = true): number | null {
  if (entry.type !== 'user' || entry.isMeta === true) return null;
  if (!withSummaries && entry.isCompactSummary === true) return null;
  const content = entry.message.content;
  if (typeof content === 'string') return countWords(content);
  let words = 0;
  let texts = 0;
  for (const block of content) {
    if (block.type === 'tool_result') return null;
    if (!isTextBlock(block)) continue;
    texts++;
    words += countWords(block.text);
  }
  return texts === 0 ? null : words;
}

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = WHITESPACE.test(text.charAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

const WHITESPACE = /\s/;

/** The bucket a word count is reported in (as Claude Code reports it). */
export function wordsBucket(words: number): '0–2' | '3–9' | '10–39' | '40+' {
  if (words < 3) return '0–2';
  if (words < 10) return '3–9';
  if (words < 40) return '10–39';
  return '40+';
}
