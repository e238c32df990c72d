import type { Diagnostic } from '../errors.js';
import type { EntryItem } from '../transcript/readItem.js';
import { readTranscriptSync, type ReadTranscriptOptions } from '../transcript/readTranscript.js';
import { toApiMessages, type ApiMessage } from './apiView.js';
import { buildChain, selectLeaf, type ConversationChain, type LeafChoice } from './conversationChain.js';
import { closeWithSyntheticReply, filterForResume } from './resumeFilters.js';
import { indexTranscript, type TranscriptIndex } from './transcriptIndex.js';

export interface ResumedConversation {
  readonly index: TranscriptIndex;
  readonly chain: ConversationChain;
  /** The conversation part of the request Claude Code would send after resuming. */
  readonly messages: ApiMessage[];
  readonly diagnostics: readonly Diagnostic[];
  readonly entries: number;
}

/** Rebuilds a conversation from already-read items, the way `claude --resume` does. */
export function resumeFromItems(items: Iterable<EntryItem>, leaf: LeafChoice = 'newest'): Omit<ResumedConversation, 'diagnostics' | 'entries'> {
  const index = indexTranscript(items);
  const chain = buildChain(index, selectLeaf(index, leaf));
  const messages = closeWithSyntheticReply(toApiMessages(filterForResume(chain.nodes)));
  return { index, chain, messages };
}

/**
 * Loads a transcript file and resumes it: the chain from the chosen leaf (newest by default),
 * its API messages, and every diagnostic met on the way.
 */
export function loadConversation(path: string, options: ReadTranscriptOptions & { leaf?: LeafChoice } = {}): ResumedConversation {
  const diagnostics: Diagnostic[] = [];
  const entries: EntryItem[] = [];
  for (const item of readTranscriptSync(path, options)) {
    if (item.kind === 'entry') entries.push(item);
    else diagnostics.push(item);
  }
  return { ...resumeFromItems(entries, options.leaf), diagnostics, entries: entries.length };
}
