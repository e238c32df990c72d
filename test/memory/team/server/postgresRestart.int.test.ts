import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveTeam, type ServedTeam } from '../../../support/teamServeChild.js';
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../../../support/throwawayPostgres.js';

/*
 * PostgreSQL ending the team server's connections under it: a restart, an administrator ending
 * them. The tests start a PostgreSQL of their own (they restart it) and `memlog team serve` as a
 * process (an unhandled error would end it). CI runs them (.ci/run installs PostgreSQL), so there
 * a missing PostgreSQL is a failure; elsewhere they are skipped and say why.
 */
const TOKEN = 'restart-test-token';
const bin = postgresBin();
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';
if (bin === null && !inCi)
  process.stderr.write(
    'memlog: PostgreSQL restart tests skipped: no /usr/lib/postgresql/*/bin (apt-get install postgresql); CI runs them\n',
  );

/** An answer to a PUT: its status, error message and Retry-After, or why none came. */
interface Answer {
  readonly status: number | 'no answer';
  readonly message: string;
  readonly retryAfter: string | null;
}

const endpoint = (url: string, repo: string) => `${url}/api/claude_code/team_memory?repo=${encodeURIComponent(repo)}`;

async function put(url: string, repo: string, entries: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(endpoint(url, repo), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries }),
      // A hang is a failure too, told apart from an answer.
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { status: response.status, message: body?.error?.message ?? '', retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    return { status: 'no answer', message: (error as Error).message, retryAfter: null };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds, for at most `ms`; false when it never did. */
async function within(ms: number, condition: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

const unavailable = { status: 503, message: 'the team database is unavailable; retry shortly', retryAfter: '1' };

describe.runIf(bin !== null || inCi)('the team server while PostgreSQL ends its connections', () => {
  let postgres: ThrowawayPostgres;
  const served: ServedTeam[] = [];
  const serve = async () => {
    const team = await serveTeam(['--db', postgres.url], TOKEN);
    served.push(team);
    return team;
  };

  beforeAll(async () => {
    if (bin === null) throw new Error('no PostgreSQL under /usr/lib/postgresql: CI must run these tests (.ci/run installs it)');
    postgres = await startThrowawayPostgres(bin);
  }, 120_000);
  afterEach(() => {
    for (const team of served.splice(0)) team.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await postgres?.remove();
  }, 60_000);

  it(
    'pg_ctl restart -m fast under write load: the process stays up, each PUT is answered 200 or a clear 503, and writes succeed afterwards without restarting memlog',
    { timeout: 180_000 },
    async () => {
      const team = await serve();
      const answers: Answer[] = [];
      let stopping = false;
      // Four writers, each its own repository, until told to stop (and at most 2,000 PUTs each).
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let n = 0; !stopping && n < 2_000; n++) answers.push(await put(team.url, `load/w${writer}`, { [`n${n % 20}.md`]: `${n}` }));
      });
      const ok = (from: number) => answers.slice(from).filter((answer) => answer.status === 200).length;
      expect(await within(60_000, () => ok(0) >= 20)).toBe(true);
      await postgres.restart();
      const afterRestart = answers.length;
      const recovered = await within(60_000, () => ok(afterRestart) >= 20);
      stopping = true;
      await Promise.all(writers);

      expect(team.alive()).toBe(true);
      expect(recovered).toBe(true);
      const failed = answers.filter((answer) => answer.status !== 200);
      for (const answer of failed) expect(answer).toEqual(unavailable);
      expect((await fetch(`${team.url}/healthz`)).status).toBe(200);
    },
  );

  it(
    'PostgreSQL stopped, then started: a PUT meanwhile gets 503 at once and /healthz says 503; once it is back, PUTs succeed',
    { timeout: 120_000 },
    async () => {
      const team = await serve();
      expect((await put(team.url, 'outage/repo', { 'a.md': 'before' })).status).toBe(200);
      await postgres.stop();
      try {
        expect(await put(team.url, 'outage/repo', { 'a.md': 'during' })).toEqual(unavailable);
        expect((await fetch(`${team.url}/healthz`)).status).toBe(503);
        expect(team.alive()).toBe(true);
      } finally {
        await postgres.start();
      }
      expect(await within(30_000, async () => (await put(team.url, 'outage/repo', { 'a.md': 'after' })).status === 200)).toBe(true);
      expect(team.alive()).toBe(true);
      expect(team.stderr()).toContain('"msg":"database unavailable"');
    },
  );

  it(
    "pg_terminate_backend on every connection of the server, one with a PUT waiting on a repository's lock: that PUT gets 503, the process stays up, the next PUT succeeds",
    { timeout: 120_000 },
    async () => {
      const team = await serve();
      expect((await put(team.url, 'held/repo', { 'a.md': 'first' })).status).toBe(200);
      const admin = new pg.Client({ connectionString: postgres.url });
      admin.on('error', () => {});
      await admin.connect();
      try {
        await admin.query('BEGIN');
        await admin.query("SELECT 1 FROM team_repos WHERE repo = 'held/repo' FOR UPDATE");
        const waiting = put(team.url, 'held/repo', { 'a.md': 'second' });
        const blocked = () =>
          admin
            .query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
            )
            .then(({ rows }) => rows[0]!.n === 1);
        expect(await within(30_000, blocked)).toBe(true);
        const { rows } = await admin.query<{ ended: boolean }>(
          "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
        );
        expect(rows.length).toBeGreaterThanOrEqual(1);
        expect(await waiting).toEqual(unavailable);
      } finally {
        await admin.query('ROLLBACK').catch(() => {});
        await admin.end();
      }
      expect(team.alive()).toBe(true);
      expect(await within(30_000, async () => (await put(team.url, 'held/repo', { 'a.md': 'third' })).status === 200)).toBe(true);
      expect(team.alive()).toBe(true);
    },
  );
});
