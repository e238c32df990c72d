import type { Diagnostic } from '../errors.js';
import type { Entry } from '../transcript/entrySchema.js';
import { readTranscriptSync, type ReadTranscriptOptions } from '../transcript/readTranscript.js';
import { entriesAt } from '../transcript/transcriptEntries.js';
import { toApiMessages, type ApiMessage } from './apiView.js';
import { buildChain, buildHistory, selectLeaf, type ConversationChain, type LeafChoice } from './conversationChain.js';
import { closeWithSyntheticReply, filterForResume } from './resumeFilters.js';
import { lightEntry } from './lightEntry.js';
import { indexTranscript, type ChainNode, type TranscriptIndex } from './transcriptIndex.js';

export interface ResumedConversation {
  readonly index: TranscriptIndex;
  readonly chain: ConversationChain;
  /** The conversation part of the request Claude Code would send after resuming. */
  readonly messages: ApiMessage[];
  readonly diagnostics: readonly Diagnostic[];
  readonly entries: number;
}

/** Rebuilds a conversation from entries with their seq, the way `claude --resume` does. Iterates once; keeps only chain entries. */
export function resumeFromItems(
  items: Iterable<{ readonly seq: number; readonly entry: Entry }>,
  leaf: LeafChoice = 'newest',
  /** The same items again from the start: given it, the index forgets what a resume prunes as it reads (IndexOptions.again). */
  again?: () => Iterable<{ seq: number; entry: Entry }>,
): Omit<ResumedConversation, 'diagnostics' | 'entries'> {
  const index = indexTranscript(items, again === undefined ? {} : { again });
  const chain = buildChain(index, selectLeaf(index, leaf));
  const messages = closeWithSyntheticReply(toApiMessages(filterForResume(chain.nodes)));
  return { index, chain, messages };
}

/**
 * Loads a transcript file and resumes it: the chain from the chosen leaf (newest by default),
 * its API messages, and every diagnostic met on the way.
 *
 * `lean`: memory in proportion to the resumed chain, not to the file (decision 51). The file is
 * read twice: once into an index of light entries (src/resume/lightEntry.ts), which decides the
 * chain, then once more for the whole entries of the chain alone. The chain and the messages are
 * the same; `index.nodes` then holds light entries.
 */
export function loadConversation(
  path: string,
  options: ReadTranscriptOptions & { leaf?: LeafChoice; lean?: boolean } = {},
): ResumedConversation {
  const diagnostics: Diagnostic[] = [];
  let entries = 0;
  const lean = options.lean === true;
  function* entriesOf(count: boolean): Generator<{ seq: number; entry: Entry }> {
    for (const item of readTranscriptSync(path, options)) {
      if (item.kind === 'diagnostic') {
        if (count) diagnostics.push(item);
        continue;
      }
      if (count) entries++;
      yield { seq: item.seq, entry: lean ? lightEntry(item.entry) : item.entry };
    }
  }
  const resumed = resumeFromItems(entriesOf(true), options.leaf, lean ? () => entriesOf(false) : undefined);
  if (!lean) return { ...resumed, diagnostics, entries };
  const whole = entriesAt(path, new Set(resumed.chain.nodes.map((node) => node.seq)), options);
  const nodes = resumed.chain.nodes.map((node) => ({ ...node, entry: (whole.get(node.seq) ?? node.entry) as ChainNode['entry'] }));
  const messages = closeWithSyntheticReply(toApiMessages(filterForResume(nodes)));
  return { index: resumed.index, chain: { ...resumed.chain, nodes }, messages, diagnostics, entries };
}

/**
 * The conversation as a background run forked from the live session sees it: like a resume,
 * except that the response in progress at the end is kept whole, tool calls still waiting for
 * their results included, and no synthetic reply is added (the run adds its own prompt).
 */
export function liveConversation(items: Iterable<{ readonly seq: number; readonly entry: Entry }>): ApiMessage[] {
  return liveConversationOf(indexTranscript(items));
}

/** `liveConversation` of entries already indexed. */
export function liveConversationOf(index: TranscriptIndex): ApiMessage[] {
  return withResponseInProgress(buildChain(index, selectLeaf(index, 'newest')).nodes);
}

/** The API messages of a chain, cleaned as a resume cleans it except for the response after the last user entry, kept whole. */
function withResponseInProgress(nodes: readonly ChainNode[]): ApiMessage[] {
  return toApiMessages(keptWithResponseInProgress(nodes));
}

/** The nodes `withResponseInProgress` makes messages of. */
function keptWithResponseInProgress(nodes: readonly ChainNode[]): ChainNode[] {
  const tail = nodes.findLastIndex((node) => node.entry.type === 'user') + 1;
  return [...filterForResume(nodes.slice(0, tail)), ...nodes.slice(tail)];
}

/**
 * The whole session as it happened, for reading it back once (the backfill): like
 * `liveConversation`, but through every compaction — the messages a compaction summarised are
 * there, its summary is not (conversationChain.ts `buildHistory`).
 */
export function sessionHistory(items: Iterable<{ readonly seq: number; readonly entry: Entry }>): ApiMessage[] {
  return toApiMessages(sessionHistoryNodes(items));
}

/**
 * The entries `sessionHistory` makes its messages of, in order. Over light entries
 * (lightEntry.ts) they are the same entries, so a reader can decide them light and read the
 * whole entries back one window at a time (the backfill, decision 54).
 */
export function sessionHistoryNodes(items: Iterable<{ readonly seq: number; readonly entry: Entry }>): ChainNode[] {
  const index = indexTranscript(items, { wholeHistory: true });
  return keptWithResponseInProgress(buildHistory(index, selectLeaf(index, 'newest')).nodes);
}
