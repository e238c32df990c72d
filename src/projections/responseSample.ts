import type { Entry } from '../transcript/entrySchema.js';

/**
 * How an entry relates to the API response being sampled. Claude Code runs its post-sampling
 * hooks once per response, on the messages so far plus that response's pieces, before any tool
 * result exists. In a transcript a response is several entries sharing `message.id`, and with
 * streaming tool execution its tool results can be written between its pieces. So:
 * - another piece of the same response continues it;
 * - a tool result, an attachment or a system line waits (it is applied after the evaluation);
 * - anything else (a new response, a prompt, a compact boundary) closes it: evaluate first.
 */
export function relationToSample(sampleMessageId: string | null, entry: Entry): 'continues' | 'waits' | 'closes' {
  switch (entry.type) {
    case 'assistant':
      return sampleMessageId !== null && entry.message.id === sampleMessageId ? 'continues' : 'closes';
    case 'attachment':
      return 'waits';
    case 'system':
      return entry.subtype === 'compact_boundary' ? 'closes' : 'waits';
    case 'user': {
      const content = entry.message.content;
      return typeof content !== 'string' && content.length > 0 && content.every((block) => block.type === 'tool_result') ? 'waits' : 'closes';
    }
    default:
      return 'closes';
  }
}
