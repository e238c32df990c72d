/**
 * Projections: pure folds over the log (tokens, turns, conversation, safe cuts) and the triggers
 * that decide when a run is due. The persistent data structures under them stay internal.
 */
export { defineProjection, foldAll, type Projection } from './projection.js';
export {
  contextWindowInference,
  selectInferredWindow,
  responseInput,
  windowProvenBy,
  CLAUDE_CODE_WINDOWS,
  type ContextWindowInferenceState,
  type InferredWindow,
} from './contextWindowInference.js';
export { roughTokens, blockTokens, entryTokens, estimateMessageTokens, MEDIA_BLOCK_TOKENS } from './tokenEstimate.js';
export { tokensProjection, selectContextTokens, usageTotal, type TokensState } from './tokens.js';
export {
  turnsProjection,
  isPrompt,
  selectTurns,
  promptText,
  promptPreview,
  PROMPT_PREVIEW_CHARS,
  type Turn,
  type TurnsState,
} from './turns.js';
export {
  conversationProjection,
  selectMessages,
  selectOpenToolUses,
  selectChain,
  type ConversationState,
  type ConversationMessage,
} from './conversation.js';
export { safeCutsProjection, selectSafeCuts, type SafeCutsState } from './safeCuts.js';
export { RUN_KINDS } from './decisions.js';
export type {
  RunKind,
  Decision,
  SessionNotesDue,
  CompactionDue,
  ExtractionDue,
  ExtractionSkipped,
  RunStart,
  RunOutcome,
  Trigger,
} from './decisions.js';
export {
  createExtractionTrigger,
  isClaudeMemoryPath,
  DEFAULT_EXTRACTION_SETTINGS,
  type ExtractionSettings,
  type ExtractionState,
} from './extractionTrigger.js';
export {
  createSessionNotesTrigger,
  DEFAULT_SESSION_NOTES_THRESHOLDS,
  type SessionNotesThresholds,
  type SessionNotesState,
} from './sessionNotesTrigger.js';
export {
  createAutocompactTrigger,
  autocompactThresholds,
  selectPressure,
  DEFAULT_AUTOCOMPACT_SETTINGS,
  type AutocompactSettings,
  type AutocompactThresholds,
  type AutocompactState,
  type ContextPressure,
} from './autocompactTrigger.js';
export { TRIGGER_POLICIES, claudeCodeRules, entryVersion, type TriggerPolicy, type ClaudeCodeRules } from './triggerPolicy.js';
export { proseWords, wordsBucket } from './proseWords.js';
export type { ExtractionGate } from './decisions.js';
