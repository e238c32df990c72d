import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openTeamStorage, type SqlTeamStore, type TeamDatabaseLocation } from '../../../../src/memory/team/server/index.js';

/**
 * The drivers the team tests run on: PGlite always; PostgreSQL when MEMLOG_TEST_PG_URL names a
 * server (.ci/run starts one), as a role allowed to create databases.
 */
export type TeamDriver = 'pglite' | 'postgres';
export const PG_TEST_URL = process.env['MEMLOG_TEST_PG_URL'] ?? '';
export const TEAM_DRIVERS: readonly TeamDriver[] = PG_TEST_URL === '' ? ['pglite'] : ['pglite', 'postgres'];

/** A database of its own for one test file, and how to remove it. */
export interface TestDatabase {
  readonly location: TeamDatabaseLocation;
  /** The folder PGlite keeps its files in; null on PostgreSQL. */
  readonly dataDir: string | null;
  drop(): Promise<void>;
}

/**
 * PGlite starts in seconds and holds hundreds of MB, so a test file opens one and its tests share
 * it (truncated between tests); on PostgreSQL each test file gets a fresh database.
 */
export async function createTestDatabase(driver: TeamDriver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    // Not a tempDir(): those go after each test, and this folder outlives the file's tests.
    const root = mkdtempSync(join(tmpdir(), 'memlog-team-db-'));
    const dataDir = join(root, 'data');
    return { location: { kind: 'folder', dataDir }, dataDir, drop: () => Promise.resolve(rmSync(root, { recursive: true, force: true })) };
  }
  const name = `memlog_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  return {
    location: { kind: 'postgres', url: url.toString() },
    dataDir: null,
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The storage a test file shares across its servers, emptied before each test. */
export async function openSharedStorage(database: TestDatabase): Promise<SqlTeamStore> {
  return openTeamStorage(database.location);
}

/**
 * A database of `driver` and the storage on it for the enclosing describe block: opened before its
 * tests, closed and dropped after them; `set` is told of both (undefined once dropped).
 */
export function useDriverStorage(
  driver: TeamDriver,
  set: (opened: { readonly database: TestDatabase; readonly storage: SqlTeamStore } | undefined) => void,
): void {
  let opened: { readonly database: TestDatabase; readonly storage: SqlTeamStore } | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(driver);
    opened = { database, storage: await openSharedStorage(database) };
    set(opened);
  }, 60_000);
  afterAll(async () => {
    await opened?.storage.close();
    await opened?.database.drop();
    opened = undefined;
    set(undefined);
  });
}

export async function emptyStorage(storage: SqlTeamStore): Promise<void> {
  await storage.db.query('TRUNCATE team_entries, team_repos');
}
