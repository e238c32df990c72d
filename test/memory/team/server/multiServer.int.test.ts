import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushTeamMemory, TeamClient, type ServerState } from '../../../../src/memory/team/index.js';
import {
  MIGRATIONS,
  openTeamStorage,
  startTeamServer,
  type RunningTeamServer,
  type SqlTeamStore,
} from '../../../../src/memory/team/server/index.js';
import { tempDir } from '../../../support/tempDir.js';
import { createTestDatabase, PG_TEST_URL, TEAM_DRIVERS, type TestDatabase } from './teamDrivers.js';

const TOKEN = 'test-token';
const EMPTY: ServerState = { etag: null, serverChecksums: {}, maxEntries: null };
const ROUNDS = 12;

/**
 * Two servers on one database. On PostgreSQL each has a storage (a connection pool) of its own,
 * as two processes would; PGlite opens a folder once, so there the two share one storage.
 */
describe.each(TEAM_DRIVERS)('two servers on one %s database', (driver) => {
  let database: TestDatabase;
  const storages: SqlTeamStore[] = [];
  const servers: RunningTeamServer[] = [];
  let urls: [string, string];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const first = await openTeamStorage(database.location);
    const second = driver === 'postgres' ? await openTeamStorage(database.location) : first;
    storages.push(...new Set([first, second]));
    for (const storage of [first, second]) servers.push(await startTeamServer({ storage, token: TOKEN, port: 0 }));
    urls = [servers[0]!.url, servers[1]!.url];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(storages.map((s) => s.close()));
    await database.drop();
  });

  const put = (url: string, repo: string, entries: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${url}/api/claude_code/team_memory?repo=${encodeURIComponent(repo)}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ entries }),
    });
  const entriesOf = async (url: string, repo: string) => {
    const outcome = await new TeamClient({ server: url, token: TOKEN, repo }).fetchData(null);
    return outcome.kind === 'ok' ? { etag: outcome.etag, entries: outcome.data.content.entries } : null;
  };

  it('two creates (If-None-Match: *) through the two servers at once: exactly one wins, the other gets 412', async () => {
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const repo = `race/create-${round}`;
        const [a, b] = await Promise.all([
          put(urls[0], repo, { 'x.md': 'from A' }, { 'If-None-Match': '*' }),
          put(urls[1], repo, { 'x.md': 'from B' }, { 'If-None-Match': '*' }),
        ]);
        const stored = await entriesOf(urls[round % 2 === 0 ? 1 : 0], repo);
        return { statuses: [a.status, b.status].sort(), winner: a.status === 200 ? 'from A' : 'from B', stored };
      }),
    );
    for (const { statuses, winner, stored } of rounds) {
      expect(statuses).toEqual([200, 412]);
      expect(stored?.entries).toEqual({ 'x.md': winner });
    }
  });

  it('two updates conditional on the same ETag (If-Match) through the two servers: exactly one wins, and the winner is what both servers serve', async () => {
    const rounds = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const repo = `race/update-${round}`;
        const created = await put(urls[0], repo, { 'base.md': 'base' }, { 'If-None-Match': '*' });
        const etag = created.headers.get('etag')!;
        const [a, b] = await Promise.all([
          put(urls[0], repo, { 'x.md': 'from A' }, { 'If-Match': etag }),
          put(urls[1], repo, { 'x.md': 'from B' }, { 'If-Match': etag }),
        ]);
        const [viaA, viaB] = await Promise.all([entriesOf(urls[0], repo), entriesOf(urls[1], repo)]);
        return { statuses: [a.status, b.status].sort(), winner: a.status === 200 ? 'from A' : 'from B', viaA, viaB };
      }),
    );
    for (const { statuses, winner, viaA, viaB } of rounds) {
      expect(statuses).toEqual([200, 412]);
      expect(viaA).toEqual(viaB);
      expect(viaA?.entries).toEqual({ 'base.md': 'base', 'x.md': winner });
    }
  });

  it('two checkouts pushing their first files through different servers: one create wins, the loser gets 412, re-reads and converges; nothing is lost', async () => {
    const repo = 'race/checkouts';
    // Both probes (GETs) go out before either PUT, so both pushes start from "no data yet".
    let probes = 0;
    let release!: () => void;
    const bothProbed = new Promise<void>((resolve) => (release = resolve));
    const racing: typeof fetch = async (input, init) => {
      if (init?.method === 'GET' && ++probes === 2) release();
      if (init?.method === 'PUT') await bothProbed;
      return fetch(input, init);
    };
    const checkout = (url: string, files: Record<string, string>) => {
      const dir = join(tempDir(), 'team');
      for (const [key, content] of Object.entries(files)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, key), content);
      }
      return pushTeamMemory({ teamDir: dir, client: new TeamClient({ server: url, token: TOKEN, repo, fetch: racing }), state: EMPTY });
    };
    const [a, b] = await Promise.all([checkout(urls[0], { 'a.md': 'a' }), checkout(urls[1], { 'b.md': 'b' })]);
    expect(a.report.ok && b.report.ok).toBe(true);
    expect(a.report.conflicts + b.report.conflicts).toBe(1);
    const [viaA, viaB] = await Promise.all([entriesOf(urls[0], repo), entriesOf(urls[1], repo)]);
    expect(viaA?.entries).toEqual({ 'a.md': 'a', 'b.md': 'b' });
    expect(viaB).toEqual(viaA);
  });
});

describe.runIf(PG_TEST_URL !== '')('migrations on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  const storages: SqlTeamStore[] = [];
  afterEach(async () => {
    await Promise.all(storages.splice(0).map((s) => s.close()));
    await Promise.all(databases.splice(0).map((d) => d.drop()));
  });

  it('four servers starting at once on a fresh database: every one opens it, each migration is applied once', async () => {
    const database = await createTestDatabase('postgres');
    databases.push(database);
    storages.push(...(await Promise.all(Array.from({ length: 4 }, () => openTeamStorage(database.location)))));
    const { rows } = await storages[0]!.db.query<{ version: number }>('SELECT version FROM memlog_team_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('a database migrated by a newer memlog is refused with a clear error, and left as it was', async () => {
    const database = await createTestDatabase('postgres');
    databases.push(database);
    await (await openTeamStorage(database.location)).close();
    const url = database.location.kind === 'postgres' ? database.location.url : '';
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("INSERT INTO memlog_team_migrations (version, name) VALUES (999, 'from the future')");
    await expect(openTeamStorage(database.location)).rejects.toThrow(/schema version 999, newer than this memlog knows/);
    expect((await client.query('SELECT count(*)::int AS n FROM memlog_team_migrations')).rows[0]).toEqual({ n: MIGRATIONS.length + 1 });
    await client.end();
  });
});
