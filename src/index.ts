/**
 * memlog's public API, grouped by layer, lowest first (ARCHITECTURE.md). Re-exports only, from
 * each layer's barrel. Everything else (helpers, persistent data structures, reducers' insides,
 * tuning constants) is internal and may change without notice. Test doubles are in
 * `memlog/testing`. test/architecture/publicApi.txt lists every name: adding one is a decision.
 */

// Errors a caller can catch: one hierarchy, with a code; bad input is a Diagnostic value, never an exception.
export {
  MemlogError,
  ConfigError,
  InvalidArgumentError,
  PathEscapeError,
  ModelPortError,
  type MemlogErrorCode,
  type Diagnostic,
  type DiagnosticCode,
} from './errors.js';

// Log: Claude Code's transcript, read as a stream of entries and diagnostics, written back as Claude Code writes it.
export {
  readTranscript,
  readTranscriptSync,
  readLogEntries,
  followTranscript,
  TranscriptWriter,
  serializeEntry,
  ENTRY_SCHEMAS,
  claudeConfigHome,
  type ReadTranscriptOptions,
  type ReadItem,
  type LogEntry,
  type Entry,
  type UserEntry,
  type AssistantEntry,
  type ContentBlock,
} from './transcript/index.js';

// Projections: pure folds over the log and the thresholds that make a compaction due.
export {
  defineProjection,
  foldAll,
  tokensProjection,
  turnsProjection,
  selectContextTokens,
  selectTurns,
  autocompactThresholds,
  type Projection,
  type Turn,
  type Decision,
  type RunKind,
} from './projections/index.js';

// Views: resume a session as Claude Code does.
export { loadConversation, resumeFromItems, type ResumedConversation, type ApiMessage } from './resume/index.js';

// Decisions: replay a session's triggers (optionally with the effects memlog recorded) and read the effect log.
export {
  replayDecisions,
  replaySync,
  createReplayDecider,
  buildTimeline,
  formatTimeline,
  coalesceTrailing,
  readEffectLog,
  effectLogPath,
  type ReplaySettings,
  type Timeline,
  type EffectRecord,
} from './pipeline/index.js';

// Stores: the durable memory directory (MEMORY.md and topic files) and the session notes' configuration.
export {
  autoMemoryDir,
  readIndexForModel,
  scanMemoryFiles,
  parseTopicFile,
  renderTopicFile,
  INDEX_NAME,
  type MemoryFileHeader,
  type TopicFile,
} from './memory/durable/index.js';
export { loadNotesConfig, DEFAULT_NOTES_TEMPLATE, type NotesConfig } from './memory/session/index.js';

// Model port: the one interface every model call goes through.
export type { ModelPort, ModelRequest, ModelReply, ModelMessage } from './model/index.js';

// Planners: pure compaction planning (the view, the rungs, the entries to append) and the request's text form.
export {
  compactionView,
  planNotesRung,
  summaryRungInput,
  finishSummaryRung,
  planExtractiveRung,
  compactionEntries,
  type CompactionView,
  type PlanContext,
  type RungPlan,
  type RungOutcome,
} from './compaction/index.js';
export { formatContext, type LoadedContext } from './context/index.js';

// Model adapters: the Anthropic API, the deterministic offline model, Claude Code, OpenAI-compatible servers, recorded cassettes.
export { AnthropicModel, type AnthropicModelOptions } from './model/anthropic/index.js';
export { OfflineModel } from './model/offline/index.js';
export { ClaudeCodeModel, type ClaudeCodeModelOptions } from './model/claudeCode/index.js';
export { OpenAICompatibleModel, type OpenAICompatibleOptions } from './model/openaiCompatible/index.js';
export { CassetteModel, CassetteMissError, type CassetteOptions } from './model/cassette/index.js';

// Jobs: backfill or extract a folder, consolidate, build session notes, compact, load the next request's context; each records its effects first.
// A memory directory's history, undo, review inbox and effect (decisions 79 and 80) read and write through the same records.
export {
  selectModel,
  backfillMemories,
  consolidateMemory,
  extractMemories,
  buildSessionNotes,
  readNotes,
  defaultNotesPath,
  compactTranscript,
  loadContext,
  nodeFileSource,
  recallMemories,
  memoryWrites,
  memoryHistory,
  undoRun,
  proposals,
  acceptProposal,
  rejectProposal,
  memoryEffect,
  type ModelKind,
  type BackfillOptions,
  type BackfillReport,
  type ConsolidateOptions,
  type ConsolidateResult,
  type ExtractOptions,
  type ExtractReport,
  type NotesBuildOptions,
  type NotesBuildReport,
  type CompactOptions,
  type CompactReport,
  type CompactStrategy,
  type ContextOptions,
} from './jobs/index.js';

// Apps: what `memlog inspect` reports about a transcript.
export { inspectTranscript, type TranscriptReport, type TranscriptTallies, type BoundaryFact, type UsageSums } from './inspect/index.js';

// Apps: what `memlog audit` reports about each compaction (decision 78).
export { auditTranscript, type SessionAudit, type BoundaryAudit, type AuditOptions } from './audit/index.js';
