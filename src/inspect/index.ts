/** `memlog inspect`: what a transcript holds, as a report and its text form. */
export { inspectTranscript, type TranscriptReport } from './inspectTranscript.js';
export { findTranscripts } from './findTranscripts.js';
export { formatReport } from './formatReport.js';
export { sessionSizes, type SessionSizes, type ProjectSizes } from './sessionSizes.js';
export { formatSizes } from './formatSizes.js';
