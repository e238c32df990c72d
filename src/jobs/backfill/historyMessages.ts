import { streamApiMessages, type ApiMessage } from '../../resume/apiView.js';
import type { ChainNode } from '../../resume/transcriptIndex.js';
import { withQueuedWordsOf } from '../../resume/withQueuedWords.js';
import { entriesInOrder } from '../../transcript/entriesInOrder.js';
import type { LastWritten, SessionOutline } from './sessionOutline.js';

/** A message of the conversation, and for each entry it was made of (its `sources`, in order) where and when it was last written. */
export interface HistoryMessage {
  readonly message: ApiMessage;
  readonly written: readonly LastWritten[];
}

/**
 * The session's conversation, its messages whole and in order, as `sessionHistory` makes them
 * over the whole file: the entries the outline names are read back a window at a time and made
 * into messages as they come (apiView.ts `streamApiMessages`), so a walk holds a window of
 * entries and the messages still open, not the session (decision 54).
 */
export function* historyMessages(outline: SessionOutline): Generator<HistoryMessage, void, undefined> {
  // Each entry's line, until its message is given; an entry no message takes (a virtual one) stays, a few bytes.
  const written = new Map<string, LastWritten>();
  function* nodes(): Generator<ChainNode> {
    for (const { seq, entry } of entriesInOrder(outline.path, outline.history, outline.positions)) {
      // The outline's seqs are those of chain entries: user, assistant, system and attachment lines.
      const node = entry as ChainNode['entry'];
      const timestamp = typeof node.timestamp === 'string' ? node.timestamp : undefined;
      written.set(node.uuid, outline.lastWritten.get(node.uuid) ?? { seq, timestamp });
      yield { uuid: node.uuid, entry: node, seq, parent: null };
    }
  }
  for (const message of streamApiMessages(nodes())) {
    yield {
      message: withQueuedWordsOf(message, outline.typed.queued),
      written: message.sources.map((uuid) => {
        const at = written.get(uuid)!;
        written.delete(uuid);
        return at;
      }),
    };
  }
}
