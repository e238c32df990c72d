/** `memlog inspect`: what a transcript holds, as a report and its text form. */
export { inspectTranscript, type TranscriptReport } from './inspectTranscript.js';
// What TranscriptReport names, public with it: a user of the report can name its parts.
export type { BoundaryFact, TranscriptTallies, UsageSums } from '../catalog/index.js';
export { findTranscripts, formatReport, reportOfSummary, agentFilesOf, type AgentFile } from './light/index.js';
export { sessionSizes, type SessionSizes, type ProjectSizes } from './sessionSizes.js';
export { formatSizes } from './formatSizes.js';
