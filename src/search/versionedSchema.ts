import type Database from 'libsql';

/**
 * Settles a libsql database memlog keeps on disk (the search index, the session catalog): a busy
 * timeout, WAL for a file, and the schema of this version; a database of another version is
 * emptied first (dropSql) and rebuilt, as both are caches of the transcripts.
 */
export function settleVersionedSchema(
  db: Database.Database,
  path: string,
  schema: { readonly version: number; readonly dropSql: string; readonly createSql: string },
): void {
  db.exec('PRAGMA busy_timeout = 30000');
  if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version === schema.version) return;
  db.exec(schema.dropSql);
  db.exec(schema.createSql);
  db.exec(`PRAGMA user_version = ${schema.version}`);
}
