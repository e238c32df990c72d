import { isPrompt } from '../../projections/turns.js';
import { streamApiMessages } from '../../resume/apiView.js';
import { lightEntry } from '../../resume/lightEntry.js';
import { sessionHistoryNodes } from '../../resume/loadConversation.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { SeqPositions } from '../../transcript/seqPositions.js';
import { citedUuid } from './chunkRequest.js';

/** Where and when the line a uuid was last written on says it was, when that is not its history entry's own line. */
export interface LastWritten {
  readonly seq: number;
  readonly timestamp: string | undefined;
}

/**
 * A session as backfill's first pass over it decides it, without its words (issue 21): which
 * entries its conversation is made of, in what order, through every compaction
 * (loadConversation.ts `sessionHistoryNodes`, decided from light entries), where each entry
 * starts in the file, and the few facts about messages that the chunks to send depend on before
 * any of them is read whole. The words are read back later, a window at a time
 * (historyMessages.ts).
 */
export interface SessionOutline {
  readonly path: string;
  /** The seqs of the entries the conversation is made of, in conversation order. */
  readonly history: Int32Array;
  readonly positions: SeqPositions;
  /** The uuids of the prompts a person typed: a turn starts there, and a message is cited by its prompt's uuid. */
  readonly prompts: ReadonlySet<string>;
  /** How many messages the conversation has. */
  readonly messages: number;
  /** For each uuid asked about that a message holds: that message's index in the conversation. */
  readonly messageIndex: ReadonlyMap<string, number>;
  /** For each uuid asked about that a message is cited by: that message's index. */
  readonly citedIndex: ReadonlyMap<string, number>;
  /**
   * A record is placed at the seq of the last line with its uuid, and a candidate's time is the
   * last time written with it: for the few history entries whose uuid a later line repeats
   * (or whose own line has no time), those, by uuid.
   */
  readonly lastWritten: ReadonlyMap<string, LastWritten>;
}

/**
 * Reads the session once, each entry made light as soon as it is parsed: what is held is the
 * light index of the session (src/resume/lightEntry.ts), never its words. `asked`: the uuids
 * whose messages the chunks to send depend on (the first and last of each chunk recorded or
 * requested).
 */
export function readSessionOutline(path: string, asked: ReadonlySet<string>): SessionOutline {
  const positions = new SeqPositions();
  const prompts = new Set<string>();
  const seqOf = new Map<string, number>();
  const timeOf = new Map<string, string>();
  function* lightItems() {
    for (const item of readTranscriptSync(path)) {
      if (item.kind !== 'entry') continue;
      const { seq, entry } = item;
      positions.add(seq, item.offset, item.line);
      if (hasUuid(entry)) {
        if (isPrompt(entry)) prompts.add(entry.uuid);
        seqOf.set(entry.uuid, seq);
        const timestamp = (entry as { timestamp?: unknown }).timestamp;
        if (typeof timestamp === 'string') timeOf.set(entry.uuid, timestamp);
      }
      yield { seq, entry: lightEntry(entry) };
    }
  }
  const nodes = sessionHistoryNodes(lightItems());
  const lastWritten = new Map<string, LastWritten>();
  for (const node of nodes) {
    const own = typeof node.entry.timestamp === 'string' ? node.entry.timestamp : undefined;
    const seq = seqOf.get(node.uuid) ?? node.seq;
    const timestamp = timeOf.get(node.uuid);
    if (seq !== node.seq || timestamp !== own) lastWritten.set(node.uuid, { seq, timestamp });
  }
  const messageIndex = new Map<string, number>();
  const citedIndex = new Map<string, number>();
  let messages = 0;
  // Light messages have the roles and entries of the whole ones (lightEntry.property.test.ts), so their indices are the whole ones'.
  for (const message of streamApiMessages(nodes)) {
    for (const uuid of message.sources) if (asked.has(uuid) && !messageIndex.has(uuid)) messageIndex.set(uuid, messages);
    const cited = citedUuid(message, prompts);
    if (asked.has(cited) && !citedIndex.has(cited)) citedIndex.set(cited, messages);
    messages++;
  }
  return {
    path,
    history: Int32Array.from(nodes, (node) => node.seq),
    positions,
    prompts,
    messages,
    messageIndex,
    citedIndex,
    lastWritten,
  };
}
