/** The log: Claude Code's entry schemas, the streaming readers, the writer and Claude Code's path layout. */
export * from './contentSchema.js';
export * from './chainSchema.js';
export * from './metadataSchema.js';
export {
  ENTRY_SCHEMAS,
  CHAIN_TYPES,
  isKnownEntryType,
  toEntry,
  serializeEntry,
  type Entry,
  type KnownEntry,
  type KnownEntryType,
  type EntryOfType,
  type UnknownEntry,
  type EntryParseResult,
} from './entrySchema.js';
export type { ReadItem, EntryItem, DiagnosticItem } from './readItem.js';
export type { LogEntry } from './logEntry.js';
export { LineSplitter, DEFAULT_MAX_LINE_BYTES, type RawLine, type LineSplitterOptions } from './lineSplitter.js';
export { TranscriptParser, type TranscriptParserOptions } from './transcriptParser.js';
export {
  readTranscript,
  readTranscriptBatches,
  readTranscriptSync,
  readTranscriptFileSync,
  type ReadTranscriptOptions,
  type TranscriptSource,
} from './readTranscript.js';
export { readTail, LITE_READ_BYTES } from './readTail.js';
export { readItemAt, type ItemPosition } from './readItemAt.js';
export { entriesAt, transcriptEntries, type TranscriptEntries } from './transcriptEntries.js';
export { readLogEntries } from './readLogEntries.js';
export { followTranscript, type FollowOptions } from './followTranscript.js';
export { TranscriptWriter, REAPPENDED_METADATA, type TranscriptWriterOptions, type AppendReport } from './transcriptWriter.js';
export { resolveEntryRef, type EntryRefResult } from './entryRef.js';
export * from './claudePaths.js';
