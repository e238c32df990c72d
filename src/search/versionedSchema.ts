import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { MemlogError } from '../errors.js';

/**
 * Settles a libsql database memlog keeps on disk (the search index, the session catalog): a busy
 * timeout, WAL for a file, and the schema of this version; a database of another version is
 * emptied first (dropSql) and rebuilt, as both are caches of the transcripts. Being caches, they
 * commit without an fsync each: in WAL mode NORMAL keeps them consistent (decisions 89, 95).
 */
export function settleVersionedSchema(
  db: Database.Database,
  path: string,
  schema: { readonly version: number; readonly dropSql: string; readonly createSql: string },
): void {
  db.exec('PRAGMA busy_timeout = 30000');
  if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version === schema.version) return;
  db.exec(schema.dropSql);
  db.exec(schema.createSql);
  db.exec(`PRAGMA user_version = ${schema.version}`);
}

/** What a cache is called in its errors, and what to tell a person whose file is not one memlog can read. */
export interface VersionedDbNames {
  /** "the search index", "the session catalog". */
  readonly what: string;
  /** "not a … memlog can read"'s noun: "search index", "session catalog". */
  readonly noun: string;
  /** The way out, after the reason: "delete it, or pass --no-catalog". */
  readonly remedy: string;
}

/**
 * Opens (creating its folder and file when missing) a libsql cache of the transcripts and settles its schema
 * (settleVersionedSchema); either failure is one clear `io` error naming the file.
 */
export function openVersionedDb(
  path: string,
  names: VersionedDbNames,
  schema: { readonly version: number; readonly dropSql: string; readonly createSql: string },
): Database.Database {
  let db: Database.Database;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
  } catch (error) {
    throw new MemlogError('io', `${path}: cannot open ${names.what} (${(error as Error).message})`, { path }, { cause: error });
  }
  try {
    settleVersionedSchema(db, path, schema);
  } catch (error) {
    db.close();
    const reason = (error as Error).message;
    throw new MemlogError('io', `${path}: not a ${names.noun} memlog can read (${reason}); ${names.remedy}`, { path }, { cause: error });
  }
  return db;
}
