/** Serving's search index: every session's text in one SQLite FTS5 file, kept up to date incrementally (decision 72). */
export { openSearchDb, defaultIndexPath, CURRENT_INDEX_VERSION, type SearchDb } from './searchDb.js';
export { findSessionFiles, sessionFileOf, type SessionFile } from './sessionFiles.js';
export { indexSessions, emptyIndexReport, DEFAULT_BATCH_ROWS, type IndexOptions, type IndexReport } from './indexSessions.js';
export { FileIndexer, type ReadFrom, type IndexCounts } from './fileIndexer.js';
export { storedFile, deleteFile, renameFile, type StoredFile } from './indexTables.js';
export type { FileIdentity } from './fileIdentity.js';
export { searchEntries, MARK_START, MARK_END, type SearchFilters, type SearchHit } from './searchEntries.js';
export { ftsQuery } from './ftsQuery.js';
export { entryPieces, MAX_TOOL_TEXT, type EntryPiece, type PieceKind, type PieceRole } from './entryPieces.js';
export { sessionFile, type IndexedFile } from './indexedFiles.js';
export { searchSessions, updateIndex, projectName, type IndexPass } from './sessionSearch.js';
export { sessionWindow, seqOfUuid, type WindowMessage, type WindowRequest } from './sessionWindow.js';
