/**
 * What `memlog inspect` offers without the transcript parser and its schemas: finding transcripts, reports made from
 * catalog summaries, and their text form. A rerun over the session catalog loads only this (decision 81).
 */
export { findTranscripts, type FoundTranscripts, type SkippedPath, type TranscriptFile } from './findTranscripts.js';
export { formatReport } from './formatReport.js';
export { reportOfSummary, type AgentFile } from './reportOfSummary.js';
export { agentFilesOf } from './agentFiles.js';
export type { TranscriptReport } from './transcriptReport.js';
