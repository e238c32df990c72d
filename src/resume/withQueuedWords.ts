import type { ApiMessage } from './apiView.js';

/**
 * A message with the words a person queued while the agent worked added as text blocks after
 * its own, when one of its entries is where they were handed to the model (typedWords.ts,
 * decision 100). That entry is a user one, so a tool result keeps its place first in the message.
 */
export function withQueuedWordsOf(message: ApiMessage, queued: ReadonlyMap<string, readonly string[]>): ApiMessage {
  if (queued.size === 0 || message.role !== 'user') return message;
  const texts = message.sources.flatMap((uuid) => queued.get(uuid) ?? []);
  if (texts.length === 0) return message;
  return { ...message, content: [...message.content, ...texts.map((text) => ({ type: 'text' as const, text }))] };
}

/** `withQueuedWordsOf` over a conversation. */
export function withQueuedWords(messages: ApiMessage[], queued: ReadonlyMap<string, readonly string[]>): ApiMessage[] {
  return queued.size === 0 ? messages : messages.map((message) => withQueuedWordsOf(message, queued));
}
