/**
 * memlog's public surface: re-exports only.
 */
export * from './errors.js';
export * from './transcript/contentSchema.js';
export * from './transcript/chainSchema.js';
export * from './transcript/metadataSchema.js';
export * from './transcript/entrySchema.js';
export type { ReadItem, EntryItem, DiagnosticItem } from './transcript/readItem.js';
export { LineSplitter, DEFAULT_MAX_LINE_BYTES, type RawLine, type LineSplitterOptions } from './transcript/lineSplitter.js';
export { TranscriptParser, type TranscriptParserOptions } from './transcript/transcriptParser.js';
export {
  readTranscript,
  readTranscriptBatches,
  readTranscriptSync,
  readTranscriptFileSync,
  type ReadTranscriptOptions,
  type TranscriptSource,
} from './transcript/readTranscript.js';
export { readTail, LITE_READ_BYTES } from './transcript/readTail.js';
export { TranscriptWriter, REAPPENDED_METADATA, type TranscriptWriterOptions, type AppendReport } from './transcript/transcriptWriter.js';
export * from './transcript/claudePaths.js';
export { appendWholeLines, repairTornTail } from './fs/appendLines.js';
export { indexTranscript, messageIdOf, type TranscriptIndex, type ChainNode, type SessionMetadata } from './resume/transcriptIndex.js';
export { buildChain, findLeaves, selectLeaf, type ConversationChain, type LeafChoice } from './resume/conversationChain.js';
export { toApiMessages, type ApiMessage } from './resume/apiView.js';
export { filterForResume, closeWithSyntheticReply, NO_RESPONSE_REQUESTED } from './resume/resumeFilters.js';
export { loadConversation, resumeFromItems, type ResumedConversation } from './resume/loadConversation.js';
export { inspectTranscript, type TranscriptReport } from './inspect/inspectTranscript.js';
export { findTranscripts } from './inspect/findTranscripts.js';
export { formatReport } from './inspect/formatReport.js';
