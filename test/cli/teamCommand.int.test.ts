import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bodyLines, generatePrivateKeys } from '../memory/team/privateKeySamples.js';
import { SECRET_SAMPLES } from '../memory/team/secretSamples.js';
import { repoRoot } from '../support/paths.js';
import { runCli, runCliAsync } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { cliArgs } from '../support/cliBundle.js';
import { createTestDatabase, PG_TEST_URL, type TestDatabase } from '../memory/team/server/teamDrivers.js';

const TOKEN = 'cli-test-token';
const children: ChildProcess[] = [];

const databases: TestDatabase[] = [];

afterEach(async () => {
  const running = children.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))));
  await Promise.all(databases.splice(0).map((database) => database.drop()));
}, 120_000);

/**
 * A PGlite folder a server made and was then stopped on, made once for this file: creating one costs
 * a server about 5 s of CPU, opening a copy of it about 1 s (decision 118). Each test serves its
 * own copy; a server making its folder from nothing is teamServe.int.test.ts's test.
 */
let template: Promise<string> | undefined;
// Not a tempDir(): those go after each test, and this folder outlives the file's tests.
const templateRoot = mkdtempSync(join(tmpdir(), 'memlog-team-template-'));
afterAll(() => rmSync(templateRoot, { recursive: true, force: true }));

async function makeTemplate(): Promise<string> {
  const dataDir = join(templateRoot, 'data');
  const { child } = await serve(dataDir);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  // How it exits is teamServe.int.test.ts's business; a folder left by a server stopped any way opens again (the restart test below).
  await exited;
  return dataDir;
}

/** A data folder of the test's own, as a server leaves it when it made it and stopped. */
async function freshDataDir(): Promise<string> {
  template ??= makeTemplate();
  const dataDir = join(tempDir(), 'data');
  cpSync(await template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A server on a database of its own, for tests that need no particular storage: a fresh
 * PostgreSQL database when the test run has one (it starts in a moment), else a copy of the
 * file's PGlite folder.
 */
async function serveFresh(extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  if (PG_TEST_URL === '') return serve(await freshDataDir(), extra);
  const database = await createTestDatabase('postgres');
  databases.push(database);
  return serve(null, [...extra, '--db', database.location.kind === 'postgres' ? database.location.url : '']);
}

/** `memlog team serve` as a real child process; resolves with its URL once it listens. */
function serve(dataDir: string | null, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const where = dataDir === null ? [] : ['--data', dataDir];
  const child = spawn(process.execPath, [...cliArgs(), 'team', 'serve', '--port', '0', ...where, ...extra], {
    cwd: repoRoot,
    env: { ...process.env, MEMLOG_TEAM_TOKEN: TOKEN, MEMLOG_TEAM_DB: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, child });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

/** A checkout of acme/shop with its own Claude config folder (so its own memory folder). */
function checkout() {
  const base = tempDir();
  const project = join(base, 'shop');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'config'), '[remote "origin"]\n\turl = git@github.com:acme/shop.git\n');
  const env = { CLAUDE_CONFIG_DIR: join(base, 'claude'), MEMLOG_TEAM_TOKEN: TOKEN, MEMLOG_TEAM_SERVER: '' };
  const team = (url: string, ...args: string[]) => runCli(['team', ...args, '--server', url, '--project', project], { env });
  const json = (url: string, ...args: string[]) => {
    const result = team(url, ...args, '--json');
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };
  return { project, env, team, json };
}

function write(dir: string, key: string, content: string): void {
  mkdirSync(dirname(join(dir, key)), { recursive: true });
  writeFileSync(join(dir, key), content);
}

describe('memlog team', () => {
  it(
    'pull, push and status between two checkouts through memlog team serve; a restart (even a kill) loses nothing',
    { timeout: 240_000 },
    async () => {
      const data = await freshDataDir();
      let { url, child } = await serve(data);
      const a = checkout();
      const b = checkout();

      const statusA = a.json(url, 'status');
      expect(statusA).toMatchObject({ repo: 'acme/shop', pending: [], incoming: [], serverEntries: null });
      const dirA = statusA['dir'] as string;
      expect(dirA.endsWith(join('memory', 'team'))).toBe(true);
      write(dirA, 'MEMORY.md', '- [Build](topics/build.md) — pnpm\n');
      write(dirA, 'topics/build.md', 'Use pnpm, never npm.\n');
      write(dirA, 'topics/deploy.md', `Deploy with:\n\n  token: ${SECRET_SAMPLES['github-pat']![0]}\n`);
      write(dirA, 'dump.md', 'x'.repeat(300_000));
      expect(a.json(url, 'status')['pending']).toEqual(['MEMORY.md', 'topics/build.md']);

      const pushed = a.json(url, 'push');
      expect(pushed).toMatchObject({ ok: true, sent: ['MEMORY.md', 'topics/build.md'], batches: 1 });
      expect(pushed['skipped']).toEqual([
        { key: 'dump.md', reason: 'too_large', bytes: 300_000 },
        {
          key: 'topics/deploy.md',
          reason: 'secret',
          findings: [expect.objectContaining({ ruleId: 'secretlint/github', line: 3, file: 'topics/deploy.md' })],
        },
      ]);
      const human = a.team(url, 'push');
      expect(human.status).toBe(0);
      expect(human.stdout).toContain('sent 0 files');
      expect(human.stdout).toMatch(/topics\/deploy\.md:3: .*secretlint\/github/);
      expect(human.stdout).not.toContain(SECRET_SAMPLES['github-pat']![0]);

      const pulled = b.json(url, 'pull');
      expect(pulled).toMatchObject({ repo: 'acme/shop', received: ['MEMORY.md', 'topics/build.md'], notModified: false });
      const dirB = pulled['dir'] as string;
      expect(dirB).not.toBe(dirA);
      expect(readFileSync(join(dirB, 'topics', 'build.md'), 'utf8')).toBe('Use pnpm, never npm.\n');
      expect(b.json(url, 'pull')).toMatchObject({ notModified: true, received: [] });

      write(dirB, 'topics/build.md', 'Use pnpm 9, never npm.\n');
      expect(b.json(url, 'push')).toMatchObject({ ok: true, sent: ['topics/build.md'] });
      expect(a.json(url, 'status')).toMatchObject({ incoming: ['topics/build.md'] });
      expect(a.json(url, 'pull')).toMatchObject({ received: ['topics/build.md'] });
      expect(readFileSync(join(dirA, 'topics', 'build.md'), 'utf8')).toBe('Use pnpm 9, never npm.\n');

      // Kill the server without warning and start it again on the same data.
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      ({ url, child } = await serve(data));
      const c = checkout();
      const fresh = c.json(url, 'pull');
      expect(fresh['received']).toEqual(['MEMORY.md', 'topics/build.md']);
      expect(readFileSync(join(fresh['dir'] as string, 'topics', 'build.md'), 'utf8')).toBe('Use pnpm 9, never npm.\n');
      expect(a.json(url, 'status')).toMatchObject({ pending: [], incoming: [], serverEntries: 2 });
    },
  );

  it(
    'an EC (SEC1) or Ed25519 private key in a team memory file is never sent; the finding names file and line, not the key',
    { timeout: 120_000 },
    async () => {
      const data = await freshDataDir();
      const { url } = await serve(data);
      const a = checkout();
      const dir = a.json(url, 'status')['dir'] as string;
      const keys = generatePrivateKeys();
      const planted = { 'keys/ec.md': keys['EC (SEC1)']!, 'keys/ed25519.md': keys['Ed25519 (PKCS#8)']! };
      for (const [key, pem] of Object.entries(planted)) write(dir, key, `# Staging host\n\nLog in with:\n\n\`\`\`\n${pem}\`\`\`\n`);
      write(dir, 'hosts.md', 'Staging is staging.example.com.\n');
      const pushed = a.team(url, 'push', '--json');
      expect(pushed.status).toBe(0);
      const report = JSON.parse(pushed.stdout) as {
        sent: string[];
        skipped: Array<{ key: string; reason: string; findings?: Array<{ line: number }> }>;
      };
      expect(report.sent).toEqual(['hosts.md']);
      expect(report.skipped.map((s) => [s.key, s.reason, s.findings?.map((f) => f.line)])).toEqual([
        ['keys/ec.md', 'secret', [6]],
        ['keys/ed25519.md', 'secret', [6]],
      ]);
      // Nothing of either key anywhere: not in what the server holds (a fresh checkout pulls only
      // the clean file), not in its data folder's bytes, not in what push printed.
      expect(checkout().json(url, 'pull')['received']).toEqual(['hosts.md']);
      const stored = readdirSync(data, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => readFileSync(join(d.parentPath, d.name)).toString('latin1'))
        .join('\n');
      expect(stored).toContain('staging.example.com');
      for (const line of Object.values(planted).flatMap(bodyLines)) {
        expect(stored).not.toContain(line.slice(0, 32));
        expect(pushed.stdout).not.toContain(line.slice(0, 32));
      }
    },
  );

  it('over the entry limit: the push fails with exit 1 and the next one sends what fits', { timeout: 120_000 }, async () => {
    const { url } = await serveFresh(['--max-entries', '2']);
    const a = checkout();
    const dir = a.json(url, 'status')['dir'] as string;
    for (const key of ['c.md', 'a.md', 'b.md']) write(dir, key, key);
    const first = a.team(url, 'push', '--json');
    expect(first.status).toBe(1);
    expect(JSON.parse(first.stdout)).toMatchObject({ ok: false, failure: { kind: 'too_many_entries', maxEntries: 2 } });
    expect(a.json(url, 'push')).toMatchObject({ ok: true, sent: ['a.md', 'b.md'], skipped: [{ key: 'c.md', reason: 'over_entry_limit' }] });
  });

  it('configuration errors are one line and exit 2: no server, no token, a wrong token, no repository', { timeout: 120_000 }, async () => {
    const { url } = await serveFresh();
    const a = checkout();
    const noServer = runCli(['team', 'status', '--project', a.project], { env: a.env });
    expect([noServer.status, noServer.stderr]).toEqual([2, 'memlog: no team server: pass --server URL or set MEMLOG_TEAM_SERVER\n']);
    const noToken = runCli(['team', 'status', '--server', url, '--project', a.project], { env: { ...a.env, MEMLOG_TEAM_TOKEN: '' } });
    expect([noToken.status, noToken.stderr]).toEqual([2, 'memlog: no team token: pass --token or set MEMLOG_TEAM_TOKEN\n']);
    const wrong = runCli(['team', 'pull', '--server', url, '--token', 'wrong', '--project', a.project], { env: a.env });
    expect([wrong.status, wrong.stderr]).toEqual([2, 'memlog: the team server refused the token (401)\n']);
    const outside = runCli(['team', 'status', '--server', url, '--project', tempDir()], { env: a.env });
    expect([outside.status, outside.stderr]).toEqual([2, 'memlog: cannot tell which repository this is: not inside a git repository\n']);
    const named = runCli(['team', 'status', '--server', url, '--repo', 'acme/other', '--json', '--project', tempDir()], { env: a.env });
    expect(JSON.parse(named.stdout)).toMatchObject({ repo: 'acme/other', pending: [] });
  });
});

describe('memlog team pull from a server that sends names nobody should write (decision 64)', () => {
  it(
    'prints one not-written line per refused name, its invisible characters escaped, and writes only the rest',
    { timeout: 120_000 },
    async () => {
      const entries = { 'evil\u202Egnp.md': 'x', 'zero\u200Bwidth.md': 'x', 'Ok.md': 'a', 'ok.md': 'b', 'fine.md': 'fine' };
      const body = JSON.stringify({
        organizationId: 'o',
        repo: 'acme/shop',
        version: 1,
        lastModified: '2026-01-01T00:00:00Z',
        checksum: `sha256:${'a'.repeat(64)}`,
        content: { entries },
      });
      const hostile = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
      await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
        const { project, env } = checkout();
        const pulled = await runCliAsync(['team', 'pull', '--server', url, '--project', project], { env });
        expect(pulled.status).toBe(0);
        expect(pulled.stdout).not.toMatch(/[\u202E\u200B]/);
        const refused = pulled.stdout.split('\n').filter((line) => line.startsWith('  not written: '));
        expect(refused).toEqual([
          '  not written: "Ok.md" (case collision: a case-insensitive file system takes it for "ok.md")',
          '  not written: "evil\\u202Egnp.md" (invalid key: holds a character nobody can see: U+202E (RIGHT-TO-LEFT OVERRIDE))',
          '  not written: "ok.md" (case collision: a case-insensitive file system takes it for "Ok.md")',
          '  not written: "zero\\u200Bwidth.md" (invalid key: holds a character nobody can see: U+200B (ZERO WIDTH SPACE))',
        ]);
        expect(pulled.stdout).toMatch(/^ {2}wrote "fine\.md"$/m);
      } finally {
        await new Promise((resolve) => (hostile.close(resolve), hostile.closeAllConnections()));
      }
    },
  );
});
