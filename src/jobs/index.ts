/** Jobs: the orchestrators that read the logs, call the model and write memory, each leaving effect records first. */
export {
  selectModel,
  modelFromOptions,
  OFFLINE_NOTICE,
  type ModelKind,
  type ModelOptions,
  type ModelPortOptions,
  type ModelSelection,
} from './selectModel.js';
export {
  compactTranscript,
  type CompactOptions,
  type CompactReport,
  type CompactStrategy,
  type RungAttempt,
} from './compaction/compactTranscript.js';
export {
  buildSessionNotes,
  defaultNotesPath,
  lastSummarizedFromLog,
  readNotes,
  type NotesBuildOptions,
  type NotesBuildReport,
  type NotesRunEvent,
  type NotesRunSummary,
} from './notes/notesBuilder.js';
export { runNotesUpdate, ensureNotesFile, coveredUpTo, stagingPath, NotesRunOutcome, type NotesRunOptions } from './notes/notesRun.js';
export { sessionNotesExecutor, type NotesExecutorOptions } from './notes/notesExecutor.js';
export { waitForNotesRun, NOTES_WAIT, type WaitOptions, type WaitResult } from './notes/waitForNotes.js';
export { extractMemories, type ExtractOptions, type ExtractReport, type SessionEvent } from './extraction/extractMemories.js';
export {
  checkExtractRoot,
  findTargets,
  sessionFilesUnder,
  skippedTranscripts,
  type ExtractTarget,
  type FoundUnderRoot,
  type SessionStart,
  type SessionStarts,
} from './extraction/findTargets.js';
export type { SkippedTranscript } from './extraction/transcriptTree.js';
export { pendingExtraction } from './extraction/pendingExtraction.js';
export { extractionModels, type ExtractionModels, type ExtractionModelOptions } from './extractionModels.js';
export type { SessionReport } from './extraction/extractSession.js';
export { totalOf, type CountsByType } from './extraction/sessionTally.js';
export { runExtraction, type ExtractionRunOptions } from './extraction/extractionRun.js';
export { applyStaged, extractionStagingDir } from './extraction/stagedMemoryRun.js';
export { ExtractionOutcome } from '../pipeline/runOutcomes.js';
export { applyBatchReply, batchExtractionRequest, SAVE_MEMORIES_TOOL, SaveMemoriesInput } from './extraction/messageBatchExtraction.js';
export { batchLedgerPath, readBatchLedger } from './extraction/messageBatchLedger.js';
export { memoryWrites, type MemoryWrite } from './extraction/provenance.js';
export {
  loadContext,
  DEFAULT_CONTEXT_MODEL,
  DEFAULT_CONTEXT_MAX_TOKENS,
  DEFAULT_NEXT_PROMPT,
  type ContextOptions,
} from './context/loadContext.js';
export { nodeFileSource } from './context/nodeFileSource.js';
export {
  recallMemories,
  RECALL_LIMIT,
  MAX_MEMORY_LINES,
  MAX_MEMORY_BYTES,
  MAX_SESSION_BYTES,
  type RecallOptions,
  type RecalledMemory,
  type RecallResult,
} from './context/recall.js';
export {
  consolidateMemory,
  consolidationLogPath,
  DEFAULT_MIN_HOURS,
  DEFAULT_MIN_SESSIONS,
  type ConsolidateOptions,
  type ConsolidateResult,
} from './consolidation/consolidateMemory.js';
export { CONSOLIDATE_LOCK } from './consolidation/consolidationLock.js';
export { DEFAULT_CONSOLIDATION_TURNS, type ConsolidationAgent } from './consolidation/agentConsolidation.js';
export { backfillMemories, type BackfillOptions, type BackfillReport } from './backfill/backfillMemories.js';
export { DEFAULT_CHUNK_TOKENS } from './backfill/chunkTokens.js';
export type { SessionCandidatesReport } from './backfill/sessionCandidates.js';
export { pendingBackfill, type PendingBackfill } from './backfill/pendingBackfill.js';
export { unconsumedCandidates } from './backfill/unconsumedCandidates.js';
export { consolidationHistory, type ConsolidationTouch } from './consolidation/consolidationHistory.js';
export { memoryHistory, type HistoryEntry, type ChangeName } from './history/memoryHistory.js';
export { claudeCodeWrites, type ClaudeCodeWrite } from './history/claudeCodeWrites.js';
export { recordedRuns, type RecordedRun, type FileChange, type RunSort } from './history/readChanges.js';
export { undoRun, UndoTargetError, type UndoResult, type UndoOptions, type UndoConflict } from './history/undoRun.js';
export { proposals, type Proposal } from './review/proposals.js';
export { acceptProposal, rejectProposal, editProposal, type AcceptOutcome } from './review/reviewActions.js';
export { reviewInboxPath } from './review/reviewInbox.js';
export { readBlob } from './records/blobStore.js';
export { diffOf } from './history/memoryHistory.js';
export { wordsAt } from './history/sourceWords.js';
export { memoryEffect, type MemoryEffect, type EffectTotals } from './history/memoryEffect.js';
export { memorySessions } from './history/memorySessions.js';
export { proposeCommit } from './review/proposeCommit.js';
