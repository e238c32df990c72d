import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTeamStorage,
  SqlTeamStore,
  startTeamServer,
  StorageUnavailable,
  type RunningTeamServer,
} from '../../../../src/memory/team/server/index.js';
import type { SqlDatabase, SqlQueryable } from '../../../../src/memory/team/server/sqlDatabase.js';
import { createTestDatabase, PG_TEST_URL, type TestDatabase } from './teamDrivers.js';

/*
 * A write waits for its repository's lock within one deadline, however many writes queue before
 * it, and a writer that stalls holding the lock is cut by PostgreSQL by then (decision 62). The
 * tests shorten the wait to 2 s; without the deadline a queued write waited 30 s (the statement
 * timeout), and each of a stalled peer's queued writes held the lock 10 s in turn.
 */
const TOKEN = 'stall-test-token';
const WAIT_MS = 2_000;
/** Ten times what the answers take when the deadline holds: the broken code took 30 s. */
const GENEROUS_MS = 10 * WAIT_MS;
const REPO = 'stall/repo';

interface Answer {
  readonly status: number;
  readonly message: string;
  readonly retryAfter: string | null;
  /** When the answer came, from when the PUTs were sent. */
  readonly afterMs: number;
}

async function puts(url: string, count: number): Promise<Answer[]> {
  const sent = Date.now();
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const response = await fetch(`${url}/api/claude_code/team_memory?repo=${encodeURIComponent(REPO)}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entries: { [`queued-${n}.md`]: 'x' } }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as { error?: { message?: string } };
      return {
        status: response.status,
        message: body.error?.message ?? '',
        retryAfter: response.headers.get('retry-after'),
        afterMs: Date.now() - sent,
      };
    }),
  );
}

const busy = { status: 503, message: 'another write held this repository for as long as a write may wait; retry', retryAfter: '1' };

/** Each answer is a success or the busy 503: never a 500, never the statement timeout's "unavailable". */
function expectServedOrBusy(answers: readonly Answer[]): void {
  for (const { afterMs: _, ...answer } of answers) if (answer.status !== 200) expect(answer).toEqual(busy);
}

/**
 * A server that stops, as a paused process would, right after each of its writes takes the
 * repository's lock: it sends nothing more on that connection until `resume()`.
 */
function stallingAfterLock(db: SqlDatabase): { readonly db: SqlDatabase; resume(): void } {
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  const stalling = (tx: SqlQueryable): SqlQueryable => {
    let locked = false;
    return {
      async query<Row>(text: string, params?: readonly unknown[]) {
        if (locked) await resumed;
        const result = await tx.query<Row>(text, params);
        if (/FOR UPDATE/.test(text)) locked = true;
        return result;
      },
      script: (text) => tx.script(text),
    };
  };
  return { db: { ...db, transaction: (work) => db.transaction((tx) => work(stalling(tx))) }, resume };
}

describe.runIf(PG_TEST_URL !== '')('writes queued behind a stalled writer on PostgreSQL', () => {
  let database: TestDatabase;
  let storage: SqlTeamStore;
  let server: RunningTeamServer;
  let admin: pg.Client;
  /** What the server reported as the cause of each failed request. */
  const failures: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    storage = await openTeamStorage(database.location);
    server = await startTeamServer({ storage, token: TOKEN, port: 0, writeWaitMs: WAIT_MS, onError: (error) => failures.push(error) });
    admin = new pg.Client({ connectionString: database.location.kind === 'postgres' ? database.location.url : '' });
    admin.on('error', () => {});
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    // Only the waits that ran out: no 500, no statement timeout.
    for (const failure of failures) expect(failure).toMatchObject({ reason: 'busy' });
    await admin?.end();
    await server?.close();
    await storage?.close();
    await database?.drop();
  });

  /** How many sessions of the test database wait on a lock. */
  const waiting = async () =>
    (
      await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      )
    ).rows[0]!.n;
  const idleInTransaction = async () =>
    (
      await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()",
      )
    ).rows[0]!.n;
  const until = async (condition: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met within 30 s');
      await new Promise((next) => setTimeout(next, 25));
    }
  };

  it(
    'a session holding the repository without end: five queued PUTs each get the busy 503 once their 2 s are up, not a 503 at the 30 s statement timeout',
    { timeout: 120_000 },
    async () => {
      expect((await puts(server.url, 1))[0]!.status).toBe(200);
      const holder = new pg.Client({ connectionString: database.location.kind === 'postgres' ? database.location.url : '' });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM team_repos WHERE repo = $1 FOR UPDATE', [REPO]);
        const answers = await puts(server.url, 5);
        expect(answers.map(({ afterMs: _, ...answer }) => answer)).toEqual(Array(5).fill(busy));
        expect(Math.max(...answers.map((answer) => answer.afterMs))).toBeLessThan(GENEROUS_MS);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
    },
  );

  it(
    "a peer that stalls holding the repository, three of its writes queued: the others wait out the peer's deadline once, not once per queued write; PostgreSQL ends the peer's transactions and its pool goes on",
    { timeout: 180_000 },
    async () => {
      expect((await puts(server.url, 1))[0]!.status).toBe(200);
      const peerDb = await openTeamStorage(database.location);
      const stalled = stallingAfterLock(peerDb.db);
      const peer = new SqlTeamStore(stalled.db);
      const write = (n: number) =>
        peer.write(REPO, {
          entries: [[`peer-${n}.md`, 'p']],
          now: new Date().toISOString(),
          maxEntries: 100,
          deadline: Date.now() + WAIT_MS,
        });
      try {
        const peerWrites = [0, 1, 2].map((n) =>
          write(n).then(
            () => 'ok' as const,
            (error: unknown) => error,
          ),
        );
        // The first holds the lock, stalled; the other two wait for it in PostgreSQL.
        await until(async () => (await waiting()) === 2);
        const answers = await puts(server.url, 3);
        expectServedOrBusy(answers);
        expect(Math.max(...answers.map((answer) => answer.afterMs))).toBeLessThan(GENEROUS_MS);

        // PostgreSQL ends the stalled transaction by its deadline; then the peer resumes and finds its connection gone.
        await until(async () => (await idleInTransaction()) === 0);
        stalled.resume();
        for (const outcome of await Promise.all(peerWrites)) expect(outcome).toBeInstanceOf(StorageUnavailable);
        // The peer's pool dropped the connections PostgreSQL ended and writes again.
        expect(await write(3)).toMatchObject({ kind: 'ok' });
      } finally {
        stalled.resume();
        await peerDb.close();
      }
      expect((await puts(server.url, 1))[0]!.status).toBe(200);
    },
  );

  it('a write waits for its repository under what is left of its deadline, then runs its later statements under the usual statement timeout, and may sit idle for what was left', async () => {
    const settings: { statement: number; idle: number }[] = [];
    const watching = (tx: SqlQueryable): SqlQueryable => ({
      async query<Row>(text: string, params?: readonly unknown[]) {
        const result = await tx.query<Row>(text, params);
        if (/FOR UPDATE/.test(text)) settings.push((await tx.query<{ statement: number; idle: number }>(SETTINGS)).rows[0]!);
        return result;
      },
      script: (text) => tx.script(text),
    });
    const watched = new SqlTeamStore({ ...storage.db, transaction: (work) => storage.db.transaction((tx) => work(watching(tx))) });
    const write = () =>
      watched.write('settings/repo', {
        entries: [['a.md', 'x']],
        now: new Date().toISOString(),
        maxEntries: 100,
        deadline: Date.now() + 60_000,
      });
    // A new repository: its first lock finds no row, and its insert still runs within the deadline; then it locks.
    expect(await write()).toMatchObject({ kind: 'ok' });
    // One that exists: locked at once.
    expect(await write()).toMatchObject({ kind: 'ok' });
    const [missing, created, existing] = settings;
    expect(missing?.statement).toBeGreaterThan(50_000);
    expect(missing?.statement).toBeLessThanOrEqual(60_000);
    for (const locked of [created, existing]) {
      expect(locked?.statement).toBe(30_000);
      expect(locked?.idle).toBeGreaterThan(50_000);
      expect(locked?.idle).toBeLessThanOrEqual(60_000);
    }
  });
});

/** Both timeouts in milliseconds. */
const SETTINGS = `SELECT (SELECT setting::int FROM pg_settings WHERE name = 'statement_timeout') AS statement,
                          (SELECT setting::int FROM pg_settings WHERE name = 'idle_in_transaction_session_timeout') AS idle`;
