import { isContinuationSummary, isPrompt } from '../../projections/turns.js';
import { TypedWords, type TypedWordsFound } from '../../projections/typedWords.js';
import { streamApiMessages } from '../../resume/apiView.js';
import type { ChainNode } from '../../resume/transcriptIndex.js';
import { HistorySkeleton, type LastWritten } from '../../resume/historySkeleton.js';
import { skeletonHistory } from '../../resume/skeletonHistory.js';
import { QueuedPlacement } from '../../resume/withQueuedWords.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { SeqPositions } from '../../transcript/seqPositions.js';
import { citedUuid } from './chunkRequest.js';

export type { LastWritten };

/**
 * A session as backfill's first pass over it decides it, without its words (decision 54): which
 * entries its conversation is made of, in what order, through every compaction (what
 * loadConversation.ts `sessionHistoryNodes` decides, decided from a skeleton of the chain:
 * historySkeleton.ts), where each entry starts in the file, and the few facts about messages
 * that the chunks to send depend on before any of them is read whole. The words are read back
 * later, a window at a time (historyMessages.ts).
 */
export interface SessionOutline {
  readonly path: string;
  /** The seqs of the entries the conversation is made of, in conversation order. */
  readonly history: Int32Array;
  readonly positions: SeqPositions;
  /** The uuids of the prompts a person typed: a turn starts there, and a message is cited by its prompt's uuid. */
  readonly prompts: ReadonlySet<string>;
  /** What the person typed outside their prompts: a slash command's arguments, words queued while the agent worked (decision 100). */
  readonly typed: TypedWordsFound;
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
  /** Lines that are not entries (diagnostics: `memlog inspect` lists them), left out of every chunk. */
  readonly unreadLines: number;
  /** Entries, none of a kind Claude Code writes: another tool's log, not a transcript (`memlog inspect` says so too). */
  readonly notClaudeCode: boolean;
  /** The session id the entries carry (the first one written), if any: a memory's originSessionId (decision 68). */
  readonly sessionId?: string;
}

/**
 * Reads the session once, each entry folded into the skeleton as soon as it is parsed: what is
 * held is a few numbers per entry, never its words. `asked`: the uuids whose messages the chunks
 * to send depend on (the first and last of each chunk recorded or requested).
 */
export function readSessionOutline(path: string, asked: ReadonlySet<string>): SessionOutline {
  const positions = new SeqPositions();
  const prompts = new Set<string>();
  const skeleton = new HistorySkeleton();
  let unreadLines = 0;
  let entries = 0;
  let claudeCodeEntries = 0;
  const summaries = new Set<number>();
  let sessionId: string | undefined;
  const typedWords = new TypedWords();
  for (const item of readTranscriptSync(path)) {
    if (item.kind !== 'entry') {
      unreadLines++;
      continue;
    }
    const { seq, entry } = item;
    entries++;
    if (entry.type !== 'unknown') claudeCodeEntries++;
    positions.add(seq, item.offset, item.line);
    const id = (entry as { sessionId?: unknown }).sessionId;
    if (sessionId === undefined && typeof id === 'string' && id !== '') sessionId = id;
    if (isContinuationSummary(entry)) summaries.add(seq);
    else if (hasUuid(entry) && isPrompt(entry)) prompts.add(entry.uuid);
    typedWords.add(entry);
    skeleton.add(seq, entry);
  }
  // Every main-thread chain of the file, not only the one a resume reads (decision 68).
  const history = skeletonHistory(skeleton, { stitchRoots: true, leaveOut: summaries });
  const { messages, messageIndex, citedIndex, typed } = lightMessages(
    history.lightNodes(),
    asked,
    prompts,
    typedWords.found({ ended: true }),
  );
  return {
    path,
    history: history.seqs,
    positions,
    prompts,
    typed,
    messages,
    messageIndex,
    citedIndex,
    lastWritten: history.lastWritten,
    unreadLines,
    notClaudeCode: entries > 0 && claudeCodeEntries === 0,
    ...(sessionId === undefined ? {} : { sessionId }),
  };
}

/**
 * The messages the history's light stand-ins make, counted, with the indices the chunks to send
 * depend on, and where the words queued while the agent worked are read among them.
 */
function lightMessages(nodes: Iterable<ChainNode>, asked: ReadonlySet<string>, prompts: ReadonlySet<string>, found: TypedWordsFound) {
  const messageIndex = new Map<string, number>();
  const citedIndex = new Map<string, number>();
  let messages = 0;
  // Words handed over with an entry the history drops are read where it holds what that entry was (decision 100).
  const queued = new QueuedPlacement(found);
  // The stand-ins make messages of the roles and entries the whole ones make (test/resume/skeletonHistory.property.test.ts).
  for (const message of streamApiMessages(nodes)) {
    queued.see(message);
    for (const uuid of message.sources) if (asked.has(uuid) && !messageIndex.has(uuid)) messageIndex.set(uuid, messages);
    const cited = citedUuid(message, prompts);
    if (asked.has(cited) && !citedIndex.has(cited)) citedIndex.set(cited, messages);
    messages++;
  }
  return { messages, messageIndex, citedIndex, typed: queued.found() };
}
