import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MemlogError } from '../../../errors.js';
import { openPgliteDatabase } from './pgliteDatabase.js';
import { openPostgresDatabase, redactedUrl } from './postgresDatabase.js';
import type { SqlDatabase } from './sqlDatabase.js';
import { SqlTeamStore } from './sqlTeamStore.js';
import { migrate } from './teamSchema.js';

/** Where the team server keeps its data: a folder for embedded PGlite, or a PostgreSQL URL. */
export type TeamDatabaseLocation =
  { readonly kind: 'folder'; readonly dataDir: string } | { readonly kind: 'postgres'; readonly url: string };

/** PGlite's files, inside the server's data folder. */
export const PGLITE_SUBDIR = 'pglite';
/** The file older memlog versions kept (better-sqlite3); no longer read. */
export const LEGACY_SQLITE_FILE = 'team-memory.sqlite3';

export const isPostgresUrl = (text: string): boolean => /^postgres(ql)?:\/\//i.test(text);

/** Opens the database, brings its schema up to date, and returns the storage on it. */
export async function openTeamStorage(location: TeamDatabaseLocation): Promise<SqlTeamStore> {
  const db = await openDatabase(location);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    if (error instanceof MemlogError) throw error;
    throw new MemlogError('io', `cannot prepare the team database (${db.description}): ${(error as Error).message}`, {}, { cause: error });
  }
  return new SqlTeamStore(db);
}

async function openDatabase(location: TeamDatabaseLocation): Promise<SqlDatabase> {
  const where = location.kind === 'postgres' ? redactedUrl(location.url) : location.dataDir;
  try {
    return location.kind === 'postgres'
      ? await openPostgresDatabase(location.url)
      : await openPgliteDatabase(join(location.dataDir, PGLITE_SUBDIR));
  } catch (error) {
    throw new MemlogError('io', `cannot open the team database at ${where}: ${(error as Error).message}`, {}, { cause: error });
  }
}

/** True when `dataDir` holds the SQLite file of an older memlog, which this one does not read. */
export const hasLegacySqliteStore = (dataDir: string): boolean => existsSync(join(dataDir, LEGACY_SQLITE_FILE));
