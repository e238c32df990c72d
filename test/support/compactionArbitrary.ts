import fc from 'fast-check';
import type { Entry } from '../../src/index.js';
import { conversation } from './conversationArbitrary.js';

/** Words of different sizes, so that conversations straddle the thresholds. */
function padded(text: string, words: number, salt: number): string {
  return words === 0 ? text : `${text} ${Array.from({ length: words }, (_, i) => `w${(i * 7 + salt) % 97}`).join(' ')}`;
}

/**
 * The realistic conversations of conversationArbitrary (split messages, parallel tool calls,
 * thinking, interrupted turns, tool errors, earlier boundaries, sidechains), with texts and
 * tool results padded to varied sizes.
 */
export const sizedConversation: fc.Arbitrary<Entry[]> = fc.tuple(conversation, fc.array(fc.nat({ max: 300 }), { minLength: 1, maxLength: 40 })).map(([entries, pads]) =>
  entries.map((entry, i) => {
    const words = pads[i % pads.length]!;
    const copy = structuredClone(entry) as unknown as { type: string; message?: { content: unknown }; isCompactSummary?: boolean };
    if ((copy.type !== 'user' && copy.type !== 'assistant') || copy.message === undefined) return entry;
    const content = copy.message.content;
    if (typeof content === 'string') copy.message.content = padded(content, words, i);
    else if (Array.isArray(content))
      for (const block of content as Array<Record<string, unknown>>) {
        if (block['type'] === 'text') block['text'] = padded(String(block['text']), words, i);
        if (block['type'] === 'tool_result' && typeof block['content'] === 'string') block['content'] = padded(block['content'], words, i);
      }
    return copy as unknown as Entry;
  }),
);
