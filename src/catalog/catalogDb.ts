import { homedir } from 'node:os';
import type Database from 'libsql';
import { defaultCachePath } from '../search/cachePath.js';
import { IDENTITY_COLUMN_DECLARATIONS } from '../search/fileIdentity.js';
import { openVersionedDb } from '../search/versionedSchema.js';

/** The catalog's format: one of another version is dropped and rebuilt from the transcripts (they are the truth). */
// 1: sessions (file identity, where the fold ended, the fold's snapshot and the summary, as JSON).
// 2: usage (a message's usage by file and message id) out of the snapshot, which keeps running sums (decision 94).
// 3: forgotten (the chain window's forgotten fingerprints by file and kind) out of the snapshot, which keeps counts (decision 94).
// 4: sessions get an integer id, which keys usage and forgotten instead of the path's text; a kind is 0 or 1 (decision 95).
// 5: the snapshot's chain window marks where its kept entries start (offset, line, seq) and may leave them out, read again on growth (decision 98).
// 6: a window whose entries are left out stores the CRC-32 of the bytes they are read again from (decision 98).
// 7: a file whose fold ended within 2 MiB keeps no usage or forgotten rows, and a growth folds it from its start (decision 103).
// 8: responses (the API responses each file counted, keys and first times, a blob a fold) for counting them once across files (decision 109).
// 9: a line holding several records is folded as its records, and the snapshot counts such lines (decision 147).
export const CURRENT_CATALOG_VERSION = 9;

export type CatalogDb = Database.Database;

/** Where the catalog lives: --catalog, else MEMLOG_CATALOG, else ~/.memlog/catalog.db. */
export function defaultCatalogPath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return defaultCachePath('MEMLOG_CATALOG', 'catalog.db', env, home);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  ${IDENTITY_COLUMN_DECLARATIONS.join(',\n  ')},
  end_offset INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_hash TEXT NOT NULL,
  snapshot TEXT NOT NULL,
  summary TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS usage (
  file INTEGER NOT NULL,
  id TEXT NOT NULL,
  model TEXT,
  input INTEGER NOT NULL,
  output INTEGER NOT NULL,
  cache_creation INTEGER NOT NULL,
  cache_read INTEGER NOT NULL,
  day TEXT NOT NULL,
  PRIMARY KEY (file, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS responses (
  file INTEGER NOT NULL,
  part INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (file, part)
);
CREATE TABLE IF NOT EXISTS forgotten (
  file INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  high INTEGER NOT NULL,
  low INTEGER NOT NULL,
  PRIMARY KEY (file, kind, high, low)
) WITHOUT ROWID;
`;

/** Opens (creating it when missing) the session catalog: one SQLite file, in the search index's engine (decision 81). */
export function openCatalogDb(path: string): CatalogDb {
  return openVersionedDb(
    path,
    { what: 'the session catalog', noun: 'session catalog', remedy: 'delete it, or pass --no-catalog' },
    {
      version: CURRENT_CATALOG_VERSION,
      dropSql: 'DROP TABLE IF EXISTS sessions; DROP TABLE IF EXISTS usage; DROP TABLE IF EXISTS forgotten; DROP TABLE IF EXISTS responses;',
      createSql: SCHEMA,
    },
  );
}
