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
const padded$ = fc.tuple(conversation, fc.array(fc.nat({ max: 300 }), { minLength: 1, maxLength: 40 })).map(([entries, pads]) =>
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

/**
 * Now and then an attachment after a prompt, on the chain between the prompt and the response,
 * as Claude Code writes its reminders: compaction must see through entries that are not messages.
 */
function withAttachments(entries: Entry[], every: number): Entry[] {
  if (every === 0) return entries;
  const out: Entry[] = [];
  const moved = new Map<string, string>();
  let prompts = 0;
  for (const entry of entries) {
    const e = entry as unknown as {
      type: string;
      uuid?: string;
      parentUuid?: string | null;
      isSidechain?: boolean;
      message?: { content: unknown };
    };
    const parent = e.parentUuid ?? null;
    const relinked = parent !== null && moved.has(parent) ? ({ ...e, parentUuid: moved.get(parent) } as unknown as Entry) : entry;
    out.push(relinked);
    if (
      e.type === 'user' &&
      e.isSidechain !== true &&
      typeof e.message?.content === 'string' &&
      e.uuid !== undefined &&
      ++prompts % every === 0
    ) {
      const uuid = `att-${e.uuid}`;
      out.push({
        type: 'attachment',
        parentUuid: e.uuid,
        isSidechain: false,
        uuid,
        timestamp: '2026-01-01T00:00:00.000Z',
        sessionId: '00000000-0000-4000-8000-000000000000',
        attachment: { type: 'date', date: '2026-01-01' },
      } as unknown as Entry);
      moved.set(e.uuid, uuid);
    }
  }
  return out;
}

export const sizedConversation: fc.Arbitrary<Entry[]> = fc
  .tuple(padded$, fc.nat({ max: 3 }))
  .map(([entries, every]) => withAttachments(entries, every));
