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
export { followTranscript, type FollowOptions } from './transcript/followTranscript.js';
export { TranscriptWriter, REAPPENDED_METADATA, type TranscriptWriterOptions, type AppendReport } from './transcript/transcriptWriter.js';
export * from './transcript/claudePaths.js';
export { appendWholeLines, appendWholeLinesSync, repairTornTail } from './fs/appendLines.js';
export { indexTranscript, messageIdOf, type TranscriptIndex, type ChainNode, type SessionMetadata } from './resume/transcriptIndex.js';
export { buildChain, findLeaves, selectLeaf, type ConversationChain, type LeafChoice } from './resume/conversationChain.js';
export { toApiMessages, type ApiMessage } from './resume/apiView.js';
export { filterForResume, closeWithSyntheticReply, NO_RESPONSE_REQUESTED } from './resume/resumeFilters.js';
export { loadConversation, resumeFromItems, liveConversation, type ResumedConversation } from './resume/loadConversation.js';
export { inspectTranscript, type TranscriptReport } from './inspect/inspectTranscript.js';
export { findTranscripts } from './inspect/findTranscripts.js';
export { formatReport } from './inspect/formatReport.js';
export { defineProjection, foldAll, type Projection } from './projections/projection.js';
export type { LogEntry } from './transcript/logEntry.js';
export { roughTokens, blockTokens, entryTokens, estimateMessageTokens, MEDIA_BLOCK_TOKENS } from './projections/tokenEstimate.js';
export { tokensProjection, selectContextTokens, usageTotal, type TokensState } from './projections/tokens.js';
export { turnsProjection, isPrompt, selectTurns, promptText, promptPreview, PROMPT_PREVIEW_CHARS, type Turn, type TurnsState } from './projections/turns.js';
export { RUN_KINDS } from './projections/decisions.js';
export type { RunKind, Decision, SessionNotesDue, CompactionDue, ExtractionDue, ExtractionSkipped, RunStart, RunOutcome, Trigger } from './projections/decisions.js';
export { createExtractionTrigger, isClaudeMemoryPath, DEFAULT_EXTRACTION_SETTINGS, type ExtractionSettings, type ExtractionState } from './projections/extractionTrigger.js';
export { createSessionNotesTrigger, DEFAULT_SESSION_NOTES_THRESHOLDS, type SessionNotesThresholds, type SessionNotesState } from './projections/sessionNotesTrigger.js';
export {
  createAutocompactTrigger,
  autocompactThresholds,
  selectPressure,
  DEFAULT_AUTOCOMPACT_SETTINGS,
  type AutocompactSettings,
  type AutocompactThresholds,
  type AutocompactState,
  type ContextPressure,
} from './projections/autocompactTrigger.js';
export { createReplayDecider, type ReplaySettings, type ReplayState, type PipelineEvent, type PipelineDecider } from './pipeline/replayDecider.js';
export { replayDecisions } from './pipeline/replayDecisions.js';
export { replaySync } from './pipeline/replaySync.js';
export { mergeByPosition } from './pipeline/mergeByPosition.js';
export * from './pipeline/effectRecord.js';
export { effectLogPath, readEffectLog, appendEffects, appendEffectsSync, type EffectLogContents } from './pipeline/effectLog.js';
export { runOf } from './pipeline/runsByKind.js';
export { buildTimeline, formatTimeline, type Timeline, type TimelineTurn } from './pipeline/timeline.js';
export { coalesceTrailing } from './pipeline/operators/coalesceTrailing.js';
export { evolveTrailing, initialTrailingState, type TrailingState, type TrailingEvent, type TrailingStart } from './pipeline/trailingCoalesce.js';
export { conversationProjection, selectMessages, selectOpenToolUses, selectChain, type ConversationState, type ConversationMessage } from './projections/conversation.js';
export { safeCutsProjection, selectSafeCuts, type SafeCutsState } from './projections/safeCuts.js';
export { emptyIndex, insert, positionOf, type IndexView } from './projections/appendOnlyIndex.js';
export { append, emptyList, lastItem, listItems, type ListView } from './projections/appendOnlyList.js';
export { push, popWhile, toArray, type ConsList } from './projections/consList.js';
export { runEffects, type EffectRunnerOptions, type RunResult } from './pipeline/effects.js';
export { foldProjections, evolveProjections, initialProjectionStates, type ProjectionStates } from './pipeline/foldProjections.js';
export type { ModelPort, ModelRequest, ModelReply, ModelMessage, ModelUsage, ToolDefinition, ModelTask, MemoryHeader } from './model/port.js';
export { OfflineModel, OFFLINE_MODEL_ID } from './model/offline/offlineModel.js';
export { selectModel, OFFLINE_NOTICE, type ModelKind, type ModelSelection } from './jobs/selectModel.js';
export { draftSessionNotes } from './model/offline/sessionNotesDraft.js';
export { findMemoryStatements, type MemoryStatement } from './model/offline/memoryStatements.js';
export { rankMemories, contentWords } from './model/offline/lexicalRank.js';
export { extractiveSummary } from './model/offline/extractiveSummary.js';
export { conversationFacts, type ConversationFacts, type ToolStep } from './model/offline/conversationFacts.js';
export { parseTopicFile, readTopicHeader, renderTopicFile, indexLine, MEMORY_TYPES, type MemoryType, type TopicFile, type FrontmatterForm, type TopicFileParse } from './memory/durable/topicFile.js';
export { splitNotes, joinNotes, sectionContent, withContent, type NotesDocument, type NotesSection } from './memory/session/notesSections.js';
export { DEFAULT_NOTES_TEMPLATE } from './memory/session/notesTemplate.js';
export { DEFAULT_UPDATE_PROMPT } from './memory/session/updatePrompt.js';
export { loadNotesConfig, fillPlaceholders, notesTemplatePath, notesPromptPath, type NotesConfig } from './memory/session/notesConfig.js';
export { measureNotes, sizeReminders, truncateNotesForCompaction, isEmptyNotes, MAX_SECTION_TOKENS, MAX_TOTAL_NOTES_TOKENS, COMPACT_SECTION_CHARS, TRUNCATION_MARKER, type NotesSize } from './memory/session/notesLimits.js';
export { runNotesUpdate, ensureNotesFile, coveredUpTo, stagingPath, NotesRunOutcome, type NotesRunOptions } from './jobs/notes/notesRun.js';
export { waitForNotesRun, NOTES_WAIT, type WaitOptions, type WaitResult } from './jobs/notes/waitForNotes.js';
export { buildSessionNotes, defaultNotesPath, lastSummarizedFromLog, readNotes, type NotesBuildOptions, type NotesBuildReport, type NotesRunEvent, type NotesRunSummary } from './jobs/notes/notesBuilder.js';
export { withTaskPrompt, PENDING_TOOL_RESULT } from './model/backgroundRequest.js';
export { sessionNotesExecutor, type NotesExecutorOptions } from './jobs/notes/notesExecutor.js';
export { ZERO_USAGE } from './model/port.js';
export { AnthropicModel, DEFAULT_ANTHROPIC_MODEL, type AnthropicModelOptions } from './model/anthropic/anthropicModel.js';
export { ScriptedModel, UnexpectedModelCallError, UnconsumedStepsError, type ScriptedStep } from './testing/scriptedModel.js';
export { CassetteModel, CassetteMissError, canonicalJson, requestKey, CURRENT_CASSETTE_VERSION, type CassetteOptions } from './model/cassette/cassetteModel.js';
export { atomicWrite } from './fs/atomicWrite.js';
export { resolveInside, isWithin } from './fs/containment.js';
export { describeFailure, describeFsError, fsErrorReason, isFsError } from './fs/fsError.js';
export { describeFileKind, isRegularFile, notATranscriptFile, statOrNull } from './fs/fileKind.js';
export { runAgent, type AgentRun, type AgentOptions, type ToolCallRecord } from './model/agentLoop.js';
export { editOnlyGate, memoryGate, type PermissionGate, type Permission, type ToolCall } from './model/permissions.js';
export { FILE_TOOLS, runFileTool, globToRegExp, ToolInputError } from './model/fileTools.js';
export { compactionView, tokensAfter, type CompactionView, type ViewMessage } from './compaction/compactionView.js';
export { planNotesRung, summaryRungInput, finishSummaryRung, planExtractiveRung, loadsWhole, cutAtOrBefore, recentFiles, DEFAULT_CUT_SIZES, type Rung, type RungPlan, type RungOutcome, type PlanContext, type CutSizes } from './compaction/rungs.js';
export { compactionEntries, type CompactionWrite, type EntryIds } from './compaction/compactionEntries.js';
export { summaryMessage, formatModelSummary, SUMMARY_PROMPT, type SummaryMessageOptions } from './compaction/summaryText.js';
export { compactTranscript, type CompactOptions, type CompactReport, type CompactStrategy, type RungAttempt } from './jobs/compaction/compactTranscript.js';
export { readIndexForModel, fitIndex, INDEX_NAME, reservedIndexNameReason, MAX_INDEX_LINES, MAX_INDEX_CHARS, type IndexRead, type IndexFit } from './memory/durable/memoryIndex.js';
export { scanMemoryFiles, formatManifest, FRONTMATTER_MAX_LINES, MAX_MEMORY_FILES, type MemoryFileHeader } from './memory/durable/memoryScan.js';
export { autoMemoryDir, agentMemoryDir, findCanonicalGitRoot, validateMemoryPath, type AgentMemoryScope, type MemoryDirOptions } from './memory/durable/memoryPaths.js';
export { extractionPrompt } from './memory/durable/extractionPrompt.js';
export { runExtraction, type ExtractionRunOptions } from './jobs/extraction/extractionRun.js';
export { applyStaged, extractionStagingDir } from './jobs/extraction/stagedMemoryRun.js';
export { ExtractionOutcome } from './jobs/extraction/extractionOutcome.js';
export { extractMemories, type ExtractOptions, type ExtractReport, type SessionEvent } from './jobs/extraction/extractMemories.js';
export { findTargets, type ExtractTarget } from './jobs/extraction/findTargets.js';
export { pendingExtraction } from './jobs/extraction/pendingExtraction.js';
export type { SessionReport } from './jobs/extraction/extractSession.js';
export { runPaced, recoverInterrupted, type PacedRun, type PacedRunEvent, type PacedRunsOptions } from './pipeline/pacedRuns.js';
export { withoutInterrupted } from './pipeline/effectLog.js';
export { memoryWrites, type MemoryWrite } from './jobs/extraction/provenance.js';
export { recallMemories, RECALL_LIMIT, MAX_MEMORY_LINES, MAX_MEMORY_BYTES, MAX_SESSION_BYTES, type RecallOptions, type RecalledMemory, type RecallResult } from './jobs/context/recall.js';
export { readLogEntries } from './transcript/readLogEntries.js';
export { resolveEntryRef, type EntryRefResult } from './transcript/entryRef.js';
export * from './context/index.js';
export { loadContext, DEFAULT_CONTEXT_MODEL, DEFAULT_CONTEXT_MAX_TOKENS, DEFAULT_NEXT_PROMPT, type ContextOptions } from './jobs/context/loadContext.js';
export { nodeFileSource } from './jobs/context/nodeFileSource.js';
export { scanForSecrets, scanWithMemlogRules, formatFinding, type SecretFinding } from './secrets/scanForSecrets.js';
export { MEMLOG_SECRET_RULES, type SecretRule } from './secrets/memlogRules.js';
export * from './memory/team/teamProtocol.js';
export { teamMemoryDir, unsafeKeyReason, TEAM_DIR_NAME } from './memory/team/teamPaths.js';
export { parseRemoteUrl, originUrl, repoOfProject, REPO_SLUG, type RemoteRepo, type RepoLookup } from './memory/team/repoSlug.js';
export { selectUploadable, deltaKeys, batchByBytes, batchBody, entryBodyBytes, type LocalTeamFile, type SkippedFile, type SkipReason, type UploadableEntry } from './memory/team/pushPlan.js';
export { readLocalTeamFiles } from './memory/team/localTeamFiles.js';
export { TeamClient, type TeamClientOptions, type FetchOutcome, type HashesOutcome, type PutOutcome } from './memory/team/teamClient.js';
export { TeamSyncError } from './memory/team/teamErrors.js';
export { loadServerState, saveServerState, teamSyncStatePath, CURRENT_TEAM_SYNC_STATE_VERSION, type ServerState } from './memory/team/teamSyncState.js';
export { pullTeamMemory, pushTeamMemory, teamStatus, type TeamSyncContext, type PullReport, type PullSkip, type PushReport, type PushFailure, type StatusReport } from './memory/team/teamSync.js';
export { openTeamProject, type TeamProject, type TeamProjectOptions } from './memory/team/teamContext.js';
export { startTeamServer, DEFAULT_MAX_ENTRIES, type TeamServerOptions, type RunningTeamServer } from './memory/team/server/teamServer.js';
export { TeamStore, repoChecksum } from './memory/team/server/teamStore.js';
export { type BatchItemResult, type BatchStatus, type MessageBatchesPort } from './model/messageBatches.js';
export { AnthropicMessageBatches } from './model/anthropic/messageBatches.js';
export { applyBatchReply, batchExtractionRequest, SAVE_MEMORIES_TOOL, SaveMemoriesInput } from './jobs/extraction/messageBatchExtraction.js';
export { batchLedgerPath, readBatchLedger } from './jobs/extraction/messageBatchLedger.js';
export { buildSessionView, type SessionInputs, type SessionView, type SessionTotals, type TurnBar } from './report/sessionView.js';
export { renderSessionPage } from './report/renderSessionPage.js';
export { renderIndexPage } from './report/renderIndexPage.js';
export { escapeHtml } from './report/escapeHtml.js';
export { formatReportTable } from './report/formatReportTable.js';
export { writeReport, type Report, type ReportOptions } from './report/writeReport.js';
export { type ReportRow } from './report/reportRow.js';
