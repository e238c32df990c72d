import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  openTeamStorage,
  startTeamServer,
  type RequestLogRecord,
  type RunningTeamServer,
  type SqlTeamStore,
  type TeamStorage,
} from '../../../../src/memory/team/server/index.js';
import { createTestDatabase, PG_TEST_URL, TEAM_DRIVERS, type TestDatabase } from './teamDrivers.js';

const TOKEN = 'test-token';
const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const servers: RunningTeamServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(storage: TeamStorage, onRequest?: (record: RequestLogRecord) => void): Promise<string> {
  const running = await startTeamServer({ storage, token: TOKEN, port: 0, ...(onRequest === undefined ? {} : { onRequest }) });
  servers.push(running);
  return running.url;
}

describe.each(TEAM_DRIVERS)('health and request logs on %s', (driver) => {
  let database: TestDatabase;
  let storage: SqlTeamStore;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    storage = await openTeamStorage(database.location);
  }, 60_000);
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('/healthz answers 200 without a token while the database answers, and 503 when it does not', async () => {
    const healthy = await fetch(`${await serve(storage)}/healthz`);
    expect([healthy.status, await healthy.json()]).toEqual([200, { status: 'ok' }]);
    const broken: TeamStorage = {
      checksum: (repo) => storage.checksum(repo),
      read: (repo, withBodies) => storage.read(repo, withBodies),
      write: (repo, request) => storage.write(repo, request),
      ping: () => Promise.reject(new Error('connection refused')),
      close: () => Promise.resolve(),
    };
    const sick = await fetch(`${await serve(broken)}/healthz`);
    expect([sick.status, await sick.json()]).toEqual([503, { status: 'database unavailable' }]);
  });

  it(
    driver === 'pglite'
      ? 'a second server on the same PGlite folder is refused, naming the process that has it'
      : 'a second server on the same PostgreSQL database opens it: servers share one database',
    async () => {
      if (driver === 'pglite') {
        await expect(openTeamStorage(database.location)).rejects.toThrow(
          new RegExp(`another memlog team serve \\(pid ${process.pid}\\) is working on`),
        );
      } else {
        const second = await openTeamStorage(database.location);
        try {
          expect(await second.checksum('acme/untouched')).toBeNull();
        } finally {
          await second.close();
        }
      }
      expect(await storage.checksum('acme/untouched')).toBeNull(); // the first one still works
    },
  );

  it('every request is logged once with method, path, status, duration and repo, and never a body or a token', async () => {
    const records: RequestLogRecord[] = [];
    const url = await serve(storage, (record) => records.push(record));
    const endpoint = `${url}/api/claude_code/team_memory?repo=acme%2Flogged`;
    const secretContent = 'the content of a memory that must never reach a log';
    expect(
      (await fetch(endpoint, { method: 'PUT', headers: auth, body: JSON.stringify({ entries: { 'a.md': secretContent } }) })).status,
    ).toBe(200);
    expect((await fetch(endpoint, { headers: auth })).status).toBe(200);
    expect((await fetch(endpoint, { method: 'PUT', headers: { ...auth, 'If-Match': '"stale"' }, body: '{"entries":{}}' })).status).toBe(
      412,
    );
    expect((await fetch(`${url}/api/claude_code/team_memory?repo=not-a-slug`, { headers: auth })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the log is written when the connection's answer is done
    expect(records.map(({ method, path, status, repo }) => ({ method, path, status, repo }))).toEqual([
      { method: 'PUT', path: '/api/claude_code/team_memory', status: 200, repo: 'acme/logged' },
      { method: 'GET', path: '/api/claude_code/team_memory', status: 200, repo: 'acme/logged' },
      { method: 'PUT', path: '/api/claude_code/team_memory', status: 412, repo: 'acme/logged' },
      { method: 'GET', path: '/api/claude_code/team_memory', status: 400, repo: null },
    ]);
    for (const record of records) expect(record.durationMs).toBeGreaterThanOrEqual(0);
    const logged = JSON.stringify(records);
    expect(logged).not.toContain(secretContent);
    expect(logged).not.toContain(TOKEN);
  });
});

describe.runIf(PG_TEST_URL !== '')('health when PostgreSQL goes away', () => {
  it('a server whose database was dropped answers /healthz with 503, and requests with 500, without crashing', async () => {
    const database = await createTestDatabase('postgres');
    const storage = await openTeamStorage(database.location);
    try {
      const url = await serve(storage);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      await database.drop(); // terminates the server's connections
      expect((await fetch(`${url}/healthz`)).status).toBe(503);
      expect((await fetch(`${url}/api/claude_code/team_memory?repo=acme%2Fshop`, { headers: auth })).status).toBe(500);
      expect((await fetch(`${url}/healthz`)).status).toBe(503);
    } finally {
      await storage.close();
    }
  });
});
