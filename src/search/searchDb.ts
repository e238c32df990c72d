import { homedir } from 'node:os';
import type Database from 'libsql';
import { defaultCachePath } from './cachePath.js';
import { IDENTITY_COLUMN_DECLARATIONS } from './fileIdentity.js';
import { openVersionedDb } from './versionedSchema.js';

/** The index's format: a different one is dropped and rebuilt from the sessions (they are the truth). */
// 1: files (identity, offset, next seq), entries (text and where it came from), entries_fts (external content), porter stemming.
// 2: no stemming (unicode61 alone: indexing twice as fast), tool text cut at 8 KiB.
// 3: tool text cut at 2 KiB (decision 89).
// 4: a line holding several records is indexed as its records, and the seqs after it count them (decision 147).
export const CURRENT_INDEX_VERSION = 4;

export type SearchDb = Database.Database;

/** Where the index lives: --index, else MEMLOG_INDEX, else ~/.memlog/index.db. */
export function defaultIndexPath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return defaultCachePath('MEMLOG_INDEX', 'index.db', env, home);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  project TEXT NOT NULL,
  session TEXT NOT NULL,
  ${IDENTITY_COLUMN_DECLARATIONS.join(',\n  ')},
  indexed_to INTEGER NOT NULL,
  next_seq INTEGER NOT NULL,
  skipped_lines INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS files_session ON files(session);
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  session TEXT NOT NULL,
  project TEXT NOT NULL,
  seq INTEGER NOT NULL,
  offset INTEGER NOT NULL,
  uuid TEXT,
  time TEXT,
  role TEXT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_file ON entries(file_id, seq);
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(text, content='entries', content_rowid='id', tokenize='unicode61');
`;

/**
 * Opens (creating it when missing) the search index: one SQLite file, FTS5 over an
 * external-content table (decision 72). An index of another version is emptied and rebuilt.
 */
export function openSearchDb(path: string): SearchDb {
  return openVersionedDb(
    path,
    { what: 'the search index', noun: 'search index', remedy: 'delete it and the next search rebuilds it' },
    {
      version: CURRENT_INDEX_VERSION,
      dropSql: 'DROP TABLE IF EXISTS entries_fts; DROP TABLE IF EXISTS entries; DROP TABLE IF EXISTS files;',
      createSql: SCHEMA,
    },
  );
}
