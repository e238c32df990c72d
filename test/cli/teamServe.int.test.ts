import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliArgs } from '../support/cliBundle.js';
import { repoRoot } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const TOKEN = 'serve-test-token';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface Served {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the child wrote on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once the child ends. */
  readonly exited: Promise<number | null>;
}

function serve(dataDir: string): Promise<Served> {
  const child = spawn(process.execPath, [...cliArgs(), 'team', 'serve', '--port', '0', '--data', dataDir], {
    cwd: repoRoot,
    env: { ...process.env, MEMLOG_TEAM_TOKEN: TOKEN, MEMLOG_TEAM_DB: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, child, stderr: () => err, exited });
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds, for at most 20 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 20 s');
    await sleep(25);
  }
}

const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const endpoint = (url: string) => `${url}/api/claude_code/team_memory?repo=acme%2Fshop`;

describe('memlog team serve as a process', () => {
  it(
    'SIGTERM with a PUT in flight: the PUT finishes (200, stored), new connections are refused, the process exits 0; stderr is JSON lines without content',
    { timeout: 120_000 },
    async () => {
      const data = join(tempDir(), 'data');
      // An older memlog's store there: not read, and said so.
      mkdirSync(data, { recursive: true });
      writeFileSync(join(data, 'team-memory.sqlite3'), 'SQLite format 3\0');
      const first = await serve(data);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

      const content = 'written while the server was stopping';
      const body = Buffer.from(JSON.stringify({ entries: { 'late.md': content } }));
      const half = Math.floor(body.length / 2);
      let put!: ReturnType<typeof httpRequest>;
      // With `Expect: 100-continue` the server answers "continue" as it takes the request in: proof, on any
      // machine's speed, that the request is in flight before the signal (a fixed wait was not, under load).
      let inFlight!: Promise<void>;
      const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        put = httpRequest(endpoint(first.url), {
          method: 'PUT',
          headers: { ...auth, 'Content-Length': String(body.length), Expect: '100-continue' },
        });
        inFlight = new Promise((taken) => put.once('continue', () => taken()));
        put.on('response', (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        });
        put.on('error', reject);
      });
      put.flushHeaders();
      await inFlight;
      put.write(body.subarray(0, half));
      first.child.kill('SIGTERM');
      await until(() => Promise.resolve(first.stderr().includes('"shutting down"')));
      // It stopped listening: a new connection is refused, while the PUT's stays open.
      await until(() =>
        fetch(`${first.url}/healthz`).then(
          () => false,
          () => true,
        ),
      );
      put.end(body.subarray(half));
      expect(await answer).toEqual({ status: 200, connection: 'close' });
      expect(await first.exited).toBe(0);

      const lines = first
        .stderr()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => line['msg'])).toEqual(['legacy store not read', 'request', 'shutting down', 'request', 'stopped']);
      expect(lines[0]).toMatchObject({ level: 'warn', detail: expect.stringContaining('memlog team push') as unknown });
      lines.shift();
      expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', path: '/healthz', status: 200, repo: null });
      expect(lines[2]).toMatchObject({
        level: 'info',
        method: 'PUT',
        path: '/api/claude_code/team_memory',
        status: 200,
        repo: 'acme/shop',
      });
      expect(typeof lines[2]!['durationMs']).toBe('number');
      expect(first.stderr()).not.toContain(content);

      const second = await serve(data);
      const read = (await (await fetch(endpoint(second.url), { headers: auth })).json()) as {
        content: { entries: Record<string, string> };
      };
      expect(read.content.entries).toEqual({ 'late.md': content });
    },
  );

  it('where the data goes is one clear choice: --data, --db postgres://…, or MEMLOG_TEAM_DB; anything else is a one-line error, exit 2', () => {
    const env = { MEMLOG_TEAM_TOKEN: TOKEN, MEMLOG_TEAM_DB: '' };
    const serveWith = (args: string[], extraEnv: Record<string, string> = {}) =>
      runCli(['team', 'serve', ...args], { env: { ...env, ...extraEnv } });
    const neither = serveWith([]);
    expect([neither.status, neither.stderr]).toEqual([
      2,
      'memlog: the server needs a database: --data DIR (embedded) or --db postgres://… (or MEMLOG_TEAM_DB)\n',
    ]);
    const both = serveWith(['--data', 'x', '--db', 'postgres://localhost/x']);
    expect([both.status, both.stderr]).toEqual([2, 'memlog: pass either --data DIR or --db URL, not both\n']);
    const notPostgres = serveWith([], { MEMLOG_TEAM_DB: 'mysql://localhost/x' });
    expect([notPostgres.status, notPostgres.stderr]).toEqual([
      2,
      'memlog: --db (or MEMLOG_TEAM_DB) takes a postgres:// URL; for the embedded database pass --data DIR\n',
    ]);
    // Nothing listens on port 1: the database cannot be reached, and the password is not shown.
    const unreachable = serveWith(['--db', 'postgres://memlog:hunter2@127.0.0.1:1/memlog']);
    expect(unreachable.status).not.toBe(0);
    expect(unreachable.stderr).toMatch(
      /^memlog: cannot open the team database at postgres:\/\/memlog:\*\*\*@127\.0\.0\.1:1\/memlog: .*ECONNREFUSED/,
    );
    expect(unreachable.stderr).not.toContain('hunter2');
  });
});
