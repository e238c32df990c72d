/** The model input: what the model finally sees (ARCHITECTURE.md step 7). */
export type { LoadedContext } from './loadedContext.js';
export {
  assembleRequest,
  toModelRequest,
  type AssembleInput,
  type AssembledRequest,
  type ContextParts,
  type MessagesRequestBody,
} from './assembleRequest.js';
export { normalizeForApi, reorderAttachments, type NormalizeOptions, type NormalizedConversation } from './normalizeForApi.js';
export {
  ensureApiInvariants,
  apiInvariantViolations,
  MISSING_TOOL_RESULT,
  OPENING_PLACEHOLDER,
  type WireMessage,
} from './apiInvariants.js';
export { toApiBlock, type DroppedBlocks } from './apiBlocks.js';
export {
  loadInstructionFiles,
  nestedInstructionFiles,
  MAX_INCLUDE_DEPTH,
  LARGE_INSTRUCTIONS_CHARS,
  type InstructionFile,
  type InstructionKind,
  type InstructionSources,
  type InstructionLoad,
} from './instructionFiles.js';
export { readInstructionText, type InstructionText } from './instructionText.js';
export {
  memoryInstructions,
  agentMemorySection,
  type MemoryMode,
  type MemoryInstructionOptions,
  type AgentScope,
} from './memoryInstructions.js';
export {
  renderLoggedAttachment,
  nestedMemoryReminder,
  recalledMemoryReminder,
  sessionNotesReminder,
  type RenderedAttachment,
} from './memoryAttachments.js';
export { renderInstructions, userContextMessage, currentDateLine, type IndexEntry } from './userContext.js';
export { systemSections, joinSections, BASE_SECTION, type SystemSection, type SystemPromptOptions } from './systemPrompt.js';
export { systemReminder, isSystemReminder } from './reminder.js';
export { mapFileSource, MAX_INSTRUCTION_FILE_BYTES, type FileSource, type FileRead } from './fileSource.js';
export { formatContext, type FormatOptions } from './formatContext.js';
export type { ContextDiagnostic, ContextDiagnosticCode } from './contextDiagnostic.js';
