import type { ModelMessage } from '../port.js';

const HEAD = '{"role":'.length;
const CONTENT = ',"content":['.length;
const TAIL = ']}'.length;

/**
 * `JSON.stringify(messages).length`, without stringifying the whole conversation on every call.
 * An agent loop sends the same messages again and again, and the runs of `extract --per-turn`
 * send conversations rebuilt for each run from the same transcript blocks: each block's length
 * is remembered, so a long session's runs measure each block once (this was a tenth of the
 * offline extraction's time over a 200 MB session).
 */
export function jsonLength(messages: readonly ModelMessage[]): number {
  let total = 2 + Math.max(0, messages.length - 1);
  for (const message of messages) total += messageLength(message);
  return total;
}

function messageLength(message: ModelMessage): number {
  const keys = Object.keys(message);
  const content = message.content;
  // Any other shape is measured whole: only {role, content[]} in that order has the layout below.
  if (keys.length !== 2 || keys[0] !== 'role' || keys[1] !== 'content' || typeof content === 'string')
    return JSON.stringify(message).length;
  let length = HEAD + JSON.stringify(message.role).length + CONTENT + TAIL + Math.max(0, content.length - 1);
  for (const block of content) {
    let known = blockLengths.get(block);
    if (known === undefined) {
      known = JSON.stringify(block).length;
      blockLengths.set(block, known);
    }
    length += known;
  }
  return length;
}

// Blocks are not changed once a message holds them (the transcript's own, or a reply's).
const blockLengths = new WeakMap<object, number>();
