/** The session catalog (decision 81): what commands need to know about each transcript, kept on disk and folded on as files grow. */
export { SessionCatalog, type CatalogAnswer, type SummarySource, type UsageAnswer } from './sessionCatalog.js';
export { openCatalogDb, defaultCatalogPath, CURRENT_CATALOG_VERSION, type CatalogDb } from './catalogDb.js';
export type { SessionSummary, TranscriptTallies, UsageSums } from './sessionSummary.js';
export type { BoundaryFact } from './lineFacts.js';
export { lockedCatalogError } from './catalogLocked.js';
export { NO_RESPONSES, type CountedResponses } from './countedResponses.js';
