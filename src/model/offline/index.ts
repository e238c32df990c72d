/** The deterministic offline model (no key, no network) and the heuristics it is made of. */
export { OfflineModel, OFFLINE_MODEL_ID } from './offlineModel.js';
export { draftSessionNotes } from './sessionNotesDraft.js';
export { findMemoryStatements, type MemoryStatement } from './memoryStatements.js';
export { rankMemories, contentWords } from './lexicalRank.js';
export { extractiveSummary } from './extractiveSummary.js';
export { conversationFacts, type ConversationFacts, type ToolStep } from './conversationFacts.js';
