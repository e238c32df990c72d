import { toApiMessages } from '../resume/apiView.js';
import { buildChain, selectLeaf } from '../resume/conversationChain.js';
import { closeWithSyntheticReply, filterForResume } from '../resume/resumeFilters.js';
import { indexTranscript } from '../resume/transcriptIndex.js';
import type { ChainWindow, SeqEntry } from './chainWindow.js';
import type { SessionSummary } from './sessionSummary.js';

type ResumedFacts = Pick<SessionSummary, 'leaf' | 'chain' | 'cycle' | 'apiMessages' | 'title'>;

/**
 * What a resume of the file from its newest leaf gives, from the window alone: the index built from it with the
 * fingerprints of what it forgot is the whole file's, or it asks for every entry through `again` (decision 53).
 */
export function resumedFacts(window: ChainWindow, again: () => Iterable<SeqEntry>): ResumedFacts {
  const index = indexTranscript(window.entries, { forgotten: window.forgotten, again: () => again() });
  const chain = buildChain(index, selectLeaf(index, 'newest'));
  const messages = closeWithSyntheticReply(toApiMessages(filterForResume(chain.nodes)));
  const summary = chain.leaf === null ? null : (index.summaries.get(chain.leaf) ?? null);
  return {
    leaf: chain.leaf,
    chain: chain.nodes.map((node) => node.uuid),
    cycle: chain.cycle,
    apiMessages: messages.length,
    title: index.metadata.customTitle ?? index.metadata.aiTitle ?? summary,
  };
}
