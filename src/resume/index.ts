/** Views: resume a transcript as Claude Code does (index, leaf, chain, the messages the API would receive). */
export { indexTranscript, messageIdOf, type TranscriptIndex, type ChainNode, type SessionMetadata } from './transcriptIndex.js';
export { buildChain, findLeaves, selectLeaf, type ConversationChain, type LeafChoice } from './conversationChain.js';
export { toApiMessages, type ApiMessage } from './apiView.js';
export { filterForResume, closeWithSyntheticReply, NO_RESPONSE_REQUESTED } from './resumeFilters.js';
export { loadConversation, resumeFromItems, liveConversation, type ResumedConversation } from './loadConversation.js';
