import { MemlogError } from '../../../errors.js';
import type { SqlDatabase } from './sqlDatabase.js';

/**
 * The team store's schema, one migration per version, in order; applied versions are recorded in
 * `memlog_team_migrations`. Never edit a released migration: add the next one.
 */
export const MIGRATIONS: ReadonlyArray<{ readonly version: number; readonly name: string; readonly sql: string }> = [
  {
    version: 1,
    name: 'repositories and entries',
    sql: `
      -- A repository's head: version 0 is a row made only to lock a repository not created yet; it has no data.
      CREATE TABLE team_repos (
        repo text PRIMARY KEY,
        version bigint NOT NULL CHECK (version >= 0),
        last_modified text NOT NULL,
        checksum text NOT NULL
      );
      -- Content as bytes: PostgreSQL text cannot hold NUL, which a file may.
      CREATE TABLE team_entries (
        repo text NOT NULL REFERENCES team_repos (repo),
        key text NOT NULL,
        content bytea NOT NULL,
        hash text NOT NULL,
        PRIMARY KEY (repo, key)
      );
    `,
  },
];

/** The advisory lock every migrating server takes; a constant no other memlog lock uses. */
const MIGRATION_LOCK = 0x6d656d6c; // "meml"

/**
 * Brings the schema to the newest version. Several servers starting at once on one database each
 * run this; the transaction-scoped advisory lock lets one migrate while the others wait, after
 * which they find nothing left to do. All of it is one transaction: a failed migration leaves
 * the schema as it was.
 */
export async function migrate(db: SqlDatabase): Promise<{ readonly applied: number[] }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS memlog_team_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM memlog_team_migrations');
    const done = new Set(rows.map((row) => Number(row.version)));
    const newest = Math.max(0, ...done);
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (newest > known)
      throw new MemlogError(
        'config',
        `the team database has schema version ${newest}, newer than this memlog knows (${known}): upgrade memlog before serving from it`,
      );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await tx.script(migration.sql);
      await tx.query('INSERT INTO memlog_team_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return { applied };
  });
}
