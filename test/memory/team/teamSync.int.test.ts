import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, rmSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadServerState,
  pullTeamMemory,
  pushTeamMemory,
  saveServerState,
  TeamClient,
  TeamSyncError,
  teamStatus,
  type ServerState,
} from '../../../src/memory/team/index.js';
import { startTeamServer, type RunningTeamServer, type SqlTeamStore } from '../../../src/memory/team/server/index.js';
import { tempDir } from '../../support/tempDir.js';
import { PRESET_EXTRA_SAMPLES, SECRET_SAMPLES } from './secretSamples.js';
import { embedded, SECRET_SHAPES } from '../../secrets/secretShapes.js';
import { emptyStorage, TEAM_DRIVERS, useDriverStorage, type TestDatabase } from './server/teamDrivers.js';

const TOKEN = 'test-token';
const REPO = 'acme/shop';
const EMPTY: ServerState = { etag: null, serverChecksums: {}, maxEntries: null };
const servers: RunningTeamServer[] = [];
const hostile: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(hostile.splice(0).map((s) => new Promise((resolve) => (s.close(resolve), s.closeAllConnections()))));
});

/** The database of the driver under test and the storage on it, shared by the servers of every test in its block. */
let database: TestDatabase | undefined;
let storage: SqlTeamStore | undefined;

/** A reference server on the shared storage, emptied before each test; `dataDir` is where PGlite keeps its files (null on PostgreSQL). */
async function server(options: { maxEntries?: number } = {}) {
  if (storage === undefined || database === undefined) throw new Error('no storage: server() runs inside the driver block');
  const running = await startTeamServer({ storage, token: TOKEN, port: 0, ...options });
  servers.push(running);
  return { ...running, dataDir: database.dataDir, storage };
}

/** A checkout's team folder and its remembered state, synced through one client. */
function checkout(url: string, fetchImpl?: typeof fetch) {
  const dir = join(tempDir(), 'memory', 'team');
  mkdirSync(dir, { recursive: true });
  const client = new TeamClient({ server: url, token: TOKEN, repo: REPO, ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }) });
  let state = EMPTY;
  return {
    dir,
    client,
    write(key: string, content: string) {
      mkdirSync(dirname(join(dir, key)), { recursive: true });
      writeFileSync(join(dir, key), content);
    },
    read: (key: string) => readFileSync(join(dir, key), 'utf8'),
    get state() {
      return state;
    },
    async push() {
      const result = await pushTeamMemory({ teamDir: dir, client, state });
      state = result.state;
      return result.report;
    },
    async pull() {
      const result = await pullTeamMemory({ teamDir: dir, client, state });
      state = result.state;
      return result.report;
    },
    status: () => teamStatus({ teamDir: dir, client, state }),
  };
}

async function serverEntries(url: string): Promise<Record<string, string>> {
  const outcome = await new TeamClient({ server: url, token: TOKEN, repo: REPO }).fetchData(null);
  return outcome.kind === 'ok' ? outcome.data.content.entries : {};
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

/**
 * A fetch that holds every PUT until two GETs (both clients' probes) were answered, so two pushes
 * race with what they both saw. Counting answers, not requests: a probe only sent may still reach
 * the server after the other client's PUT has committed, and then there is no race to lose.
 */
function holdPutsUntilTwoProbes(): typeof fetch {
  let probes = 0;
  let release!: () => void;
  const bothProbed = new Promise<void>((resolve) => (release = resolve));
  return async (input, init) => {
    if (init?.method === 'PUT') await bothProbed;
    const response = await fetch(input, init);
    if (init?.method === 'GET' && ++probes === 2) release();
    return response;
  };
}
describe.each(TEAM_DRIVERS)('on %s', (driver) => {
  useDriverStorage(driver, (opened) => {
    database = opened?.database;
    storage = opened?.storage;
  });
  beforeEach(async () => {
    if (storage !== undefined) await emptyStorage(storage);
  });

  describe('team sync against the reference server', () => {
    it("a push never sends a file that is only behind the server: a teammate's newer version stays", async () => {
      const { url } = await server();
      const a = checkout(url);
      const b = checkout(url);
      a.write('X.md', 'v1');
      await a.push();
      await b.pull();
      a.write('X.md', 'v2 by A');
      await a.push();
      b.write('Y.md', 'new in B');
      expect((await b.status()).pending).toEqual(['Y.md']);
      expect((await b.push()).sent).toEqual(['Y.md']);
      expect(await serverEntries(url)).toEqual({ 'X.md': 'v2 by A', 'Y.md': 'new in B' });
      // B's next pull is not answered "not modified": it brings A's version.
      expect((await b.pull()).received).toContain('X.md');
      expect(b.read('X.md')).toBe('v2 by A');
      // A file the server has that this checkout never synced is held back until a pull.
      const c = checkout(url);
      c.write('X.md', 'written before any pull');
      const pushed = await c.push();
      expect(pushed.sent).toEqual([]);
      expect(pushed.skipped).toEqual([{ key: 'X.md', reason: 'not_pulled' }]);
      expect((await serverEntries(url))['X.md']).toBe('v2 by A');
    });

    it('a credential in a file name never reaches the server; names too long or not in NFC are refused', async () => {
      const { url } = await server();
      const a = checkout(url);
      const token = SECRET_SAMPLES['github-pat']![0];
      a.write(`${token}.md`, 'harmless content');
      a.write('fine.md', 'fine');
      const pushed = await a.push();
      expect(pushed.sent).toEqual(['fine.md']);
      expect(pushed.skipped.map((s) => [s.key === `${token}.md`, s.reason])).toEqual([[true, 'secret']]);
      expect(JSON.stringify(await serverEntries(url))).not.toContain(token);
      const client = new TeamClient({ server: url, token: TOKEN, repo: REPO });
      for (const key of [`${'a'.repeat(300)}.md`, 'cafe\u0301.md']) {
        await expect(client.put({ [key]: 'x' }, null)).rejects.toThrow(/400|refused|unsafe|key/i);
      }
      expect(Object.keys(await serverEntries(url))).toEqual(['fine.md']);
    });

    it('push sends only what changed; pull brings it to another checkout; status shows what differs', async () => {
      const { url } = await server();
      const a = checkout(url);
      const b = checkout(url);
      a.write('MEMORY.md', '- [Build](build.md) — pnpm\n');
      a.write('topics/build.md', 'use pnpm\n');
      expect((await a.status()).pending).toEqual(['MEMORY.md', 'topics/build.md']);
      const first = await a.push();
      expect(first).toMatchObject({ ok: true, sent: ['MEMORY.md', 'topics/build.md'], batches: 1, conflicts: 0 });
      expect((await a.push()).sent).toEqual([]);
      a.write('topics/build.md', 'use pnpm 9\n');
      expect((await a.status()).pending).toEqual(['topics/build.md']);
      expect((await a.push()).sent).toEqual(['topics/build.md']);

      b.write('local-only.md', 'mine');
      b.write('MEMORY.md', 'an older local copy');
      expect((await b.status()).incoming).toEqual(['MEMORY.md', 'topics/build.md']);
      const pulled = await b.pull();
      expect(pulled).toMatchObject({ notModified: false, received: ['MEMORY.md', 'topics/build.md'], unchanged: 0, skipped: [] });
      expect(b.read('MEMORY.md')).toBe('- [Build](build.md) — pnpm\n');
      expect(b.read('topics/build.md')).toBe('use pnpm 9\n');
      expect(b.read('local-only.md')).toBe('mine');
    });

    it('pull is conditional on the ETag, rewrites nothing identical, and still restores an edited or deleted copy', async () => {
      const { url } = await server();
      const a = checkout(url);
      a.write('x.md', 'x');
      await a.push();
      const b = checkout(url);
      await b.pull();
      const path = join(b.dir, 'x.md');
      utimesSync(path, new Date(2000, 0, 1), new Date(2000, 0, 1));
      expect(await b.pull()).toMatchObject({ notModified: true });
      expect(
        await checkout(url)
          .pull()
          .then(() => b.pull()),
      ).toMatchObject({ notModified: true });
      b.write('x.md', 'edited here');
      expect(await b.pull()).toMatchObject({ notModified: false, received: ['x.md'] });
      expect(b.read('x.md')).toBe('x');
      // unconditional pull of identical content keeps the file as it is (mtime included)
      utimesSync(path, new Date(2000, 0, 1), new Date(2000, 0, 1));
      const c = { ...b };
      const result = await pullTeamMemory({ teamDir: b.dir, client: b.client, state: EMPTY });
      expect(result.report).toMatchObject({ received: [], unchanged: 1 });
      expect(statSync(path).mtime.getFullYear()).toBe(2000);
      expect(c.dir).toBe(b.dir);
    });

    it('two clients pushing at once: the loser gets a 412, re-reads the hashes, retries, and no update is lost', async () => {
      const { url } = await server();
      const seed = checkout(url);
      seed.write('MEMORY.md', 'seed');
      await seed.push();
      // Hold both clients' first PUT until both have probed, so they race with the same ETag.
      const racing = holdPutsUntilTwoProbes();
      const a = checkout(url, racing);
      const b = checkout(url, racing);
      for (let i = 0; i < 5; i++) a.write(`a/${i}.md`, `from a ${i}`);
      for (let i = 0; i < 5; i++) b.write(`b/${i}.md`, `from b ${i}`);
      a.write('shared.md', 'a says');
      b.write('shared.md', 'b says');
      const [ra, rb] = await Promise.all([a.push(), b.push()]);
      expect(ra.ok && rb.ok).toBe(true);
      expect(ra.conflicts + rb.conflicts).toBe(1);
      const entries = await serverEntries(url);
      expect(Object.keys(entries).sort()).toEqual(
        ['MEMORY.md', ...[0, 1, 2, 3, 4].flatMap((i) => [`a/${i}.md`, `b/${i}.md`]), 'shared.md'].sort(),
      );
      // Same new key on both sides: the winner's is on the server; the loser's retry finds a file
      // it never synced there and holds its own back (reported, still on its disk) rather than
      // overwriting a version it has not seen.
      const aLost = ra.conflicts === 1;
      expect(entries['shared.md']).toBe(aLost ? 'b says' : 'a says');
      expect((aLost ? ra : rb).skipped).toEqual([{ key: 'shared.md', reason: 'not_pulled' }]);
      await a.pull();
      await b.pull();
      for (const key of Object.keys(entries)) {
        if (key === 'MEMORY.md') continue;
        expect(a.read(key)).toBe(entries[key]);
        expect(b.read(key)).toBe(entries[key]);
      }
    });

    it('a planted secret of every family never reaches the server; the rest still syncs and each finding names file and line', async () => {
      const { url, dataDir } = await server();
      const a = checkout(url);
      const samples = { ...SECRET_SAMPLES, ...PRESET_EXTRA_SAMPLES };
      for (const [family, [secret]] of Object.entries(samples))
        a.write(`secrets/${family}.md`, `# ${family}\n\nconfig:\n  key: ${secret}\n`);
      a.write('clean.md', 'nothing to hide\n');
      const report = await a.push();
      expect(report.ok).toBe(true);
      expect(report.sent).toEqual(['clean.md']);
      expect(report.skipped).toHaveLength(Object.keys(samples).length);
      for (const skipped of report.skipped) {
        expect(skipped.reason).toBe('secret');
        const family = skipped.key.replace(/^secrets\/|\.md$/g, '');
        expect(
          skipped.findings?.some((f) => f.ruleId === samples[family]![1] && f.line === 4 && f.file === skipped.key),
          family,
        ).toBe(true);
      }
      expect(Object.keys(await serverEntries(url))).toEqual(['clean.md']);
      expect(JSON.stringify(report)).not.toContain(SECRET_SAMPLES['github-pat']![0]);
      // Not in any byte the server stored either (database, WAL, anything under its data folder), where the test can read them.
      if (dataDir === null) return;
      const stored = filesUnder(dataDir)
        .map((file) => readFileSync(file).toString('latin1'))
        .join('\n');
      expect(stored).toContain('nothing to hide');
      for (const [family, [secret]] of Object.entries(samples))
        expect(stored.includes(secret.replace(/\n[\s\S]*/, '')), family).toBe(false);
    });

    it('a memory holding any of the widened secret shapes (decision 64) is refused by push: nothing is uploaded', async () => {
      const { url, dataDir } = await server();
      const a = checkout(url);
      const secrets = Object.entries(SECRET_SHAPES).map(([shape, arbitrary], i) => {
        const [text] = fc.sample(embedded(arbitrary), { numRuns: 1, seed: 64 + i });
        a.write(`shapes/shape-${i}.md`, `---\nname: ${shape}\ndescription: how to reach it\n---\n\n${text!}`);
        return text!;
      });
      const report = await a.push();
      expect(report.sent).toEqual([]);
      expect(report.skipped.map((s) => s.reason)).toEqual(secrets.map(() => 'secret'));
      expect(await serverEntries(url)).toEqual({});
      if (dataDir === null) return;
      const stored = filesUnder(dataDir)
        .map((file) => readFileSync(file).toString('latin1'))
        .join('\n');
      for (const text of secrets) expect(stored.includes(text.slice(0, 200))).toBe(false);
    });

    it('a 413 teaches the entry limit: this push fails, the next sends the first keys in order and reports the rest', async () => {
      const { url } = await server({ maxEntries: 3 });
      const a = checkout(url);
      for (const k of ['e', 'd', 'c', 'b', 'a']) a.write(`${k}.md`, k);
      const first = await a.push();
      expect(first).toMatchObject({ ok: false, sent: [], failure: { kind: 'too_many_entries', maxEntries: 3, receivedEntries: 5 } });
      expect(a.state.maxEntries).toBe(3);
      const second = await a.push();
      expect(second).toMatchObject({ ok: true, sent: ['a.md', 'b.md', 'c.md'] });
      expect(second.skipped).toEqual([
        { key: 'd.md', reason: 'over_entry_limit' },
        { key: 'e.md', reason: 'over_entry_limit' },
      ]);
      expect(Object.keys(await serverEntries(url)).sort()).toEqual(['a.md', 'b.md', 'c.md']);
    });

    it('files over 250 KB are skipped and reported; large files travel in bodies of at most 200 KB', async () => {
      const { url } = await server();
      const a = checkout(url);
      a.write('huge.md', 'h'.repeat(260_000));
      a.write('big1.md', '1'.repeat(150_000));
      a.write('big2.md', '2'.repeat(150_000));
      a.write('small.md', 's');
      const report = await a.push();
      expect(report).toMatchObject({ ok: true, sent: ['big1.md', 'big2.md', 'small.md'], batches: 2 });
      expect(report.skipped).toEqual([{ key: 'huge.md', reason: 'too_large', bytes: 260_000 }]);
      expect(Object.keys(await serverEntries(url)).sort()).toEqual(['big1.md', 'big2.md', 'small.md']);
    });

    it('a symbolic link in the team folder is never followed or uploaded', async () => {
      const { url } = await server();
      const a = checkout(url);
      const outside = join(tempDir(), 'private.md');
      writeFileSync(outside, 'private notes');
      symlinkSync(outside, join(a.dir, 'link.md'));
      symlinkSync(dirname(outside), join(a.dir, 'linkdir'));
      a.write('ok.md', 'ok');
      const report = await a.push();
      expect(report.sent).toEqual(['ok.md']);
      expect(report.skipped).toEqual([
        { key: 'link.md', reason: 'symlink' },
        { key: 'linkdir', reason: 'symlink' },
      ]);
    });

    it('the server refuses a missing or wrong token (401), stale writes (412) and unsafe keys (400)', async () => {
      const { url } = await server();
      const endpoint = `${url}/api/claude_code/team_memory?repo=${encodeURIComponent(REPO)}`;
      expect((await fetch(endpoint)).status).toBe(401);
      expect((await fetch(endpoint, { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
      const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
      expect((await fetch(endpoint, { headers: auth })).status).toBe(404);
      const put = (entries: unknown, headers: Record<string, string> = {}) =>
        fetch(endpoint, { method: 'PUT', headers: { ...auth, ...headers }, body: JSON.stringify({ entries }) });
      const ok = await put({ 'a.md': 'a' });
      expect(ok.status).toBe(200);
      const etag = ok.headers.get('etag')!;
      expect((await put({ 'a.md': 'b' }, { 'If-Match': '"sha256:' + '0'.repeat(64) + '"' })).status).toBe(412);
      expect((await put({ 'a.md': 'b' }, { 'If-Match': etag })).status).toBe(200);
      expect((await fetch(endpoint, { headers: { ...auth, 'If-None-Match': etag } })).status).toBe(200);
      const current = (await fetch(endpoint, { headers: auth })).headers.get('etag')!;
      expect((await fetch(endpoint, { headers: { ...auth, 'If-None-Match': current } })).status).toBe(304);
      for (const key of ['../x.md', '/etc/x', 'a\\b', '%2e%2e/x']) expect((await put({ [key]: 'x' })).status, key).toBe(400);
      expect((await fetch(endpoint, { method: 'PUT', headers: auth, body: '{not json' })).status).toBe(400);
      expect((await put({ 'a.md': 5 })).status).toBe(400);
      for (const repo of ['..%2Fx', 'a%2F..', 'acme', 'a%2Fb%2Fc'])
        expect((await fetch(`${url}/api/claude_code/team_memory?repo=${repo}`, { headers: auth })).status, repo).toBe(400);
    });
  });

  describe('team sync: keys, limits and creation (second review)', () => {
    it('a file named __proto__ is kept all the way: pulled, listed as incoming, remembered in the sync state, pushed again', async () => {
      const { url } = await server();
      const a = checkout(url);
      const b = checkout(url);
      for (const key of ['__proto__', 'constructor', 'x.md']) a.write(key, `${key} notes`);
      expect((await a.push()).sent).toEqual(['__proto__', 'constructor', 'x.md']);
      expect((await b.status()).incoming).toEqual(['__proto__', 'constructor', 'x.md']);
      const pulled = await b.pull();
      expect(pulled).toMatchObject({ received: ['__proto__', 'constructor', 'x.md'], skipped: [] });
      expect(b.read('__proto__')).toBe('__proto__ notes');
      expect(Object.keys(b.state.serverChecksums).sort()).toEqual(['__proto__', 'constructor', 'x.md']);
      // The state file keeps it too, so the key counts as synced in the next command.
      const statePath = join(tempDir(), 'state.json');
      await saveServerState(statePath, url, REPO, b.state);
      const reloaded = await loadServerState(statePath, url, REPO);
      expect(Object.keys(reloaded.serverChecksums).sort()).toEqual(['__proto__', 'constructor', 'x.md']);
      expect(Object.getPrototypeOf(reloaded.serverChecksums)).toBe(null);
      b.write('__proto__', 'edited in b');
      const pushed = await pushTeamMemory({ teamDir: b.dir, client: b.client, state: reloaded });
      expect(pushed.report).toMatchObject({ ok: true, sent: ['__proto__'], skipped: [] });
      expect((await serverEntries(url))['__proto__']).toBe('edited in b');
    });

    it('the learned entry limit counts the keys only the server has: the next push stays within it, and files the server has still update', async () => {
      const { url } = await server({ maxEntries: 3 });
      const teammate = checkout(url);
      teammate.write('t1.md', 't1');
      teammate.write('t2.md', 't2');
      await teammate.push();
      const a = checkout(url);
      for (const k of ['c', 'b', 'a']) a.write(`${k}.md`, k);
      expect(await a.push()).toMatchObject({ ok: false, failure: { kind: 'too_many_entries', maxEntries: 3, receivedEntries: 5 } });
      const over = [
        { key: 'b.md', reason: 'over_entry_limit' },
        { key: 'c.md', reason: 'over_entry_limit' },
      ];
      expect(await a.status()).toMatchObject({ pending: ['a.md'], skipped: over });
      const second = await a.push();
      expect(second).toMatchObject({ ok: true, sent: ['a.md'], skipped: over });
      expect(Object.keys(await serverEntries(url)).sort()).toEqual(['a.md', 't1.md', 't2.md']);
      // At the limit, a file the server already has is replaced, not added: it still goes.
      await a.pull();
      a.write('t1.md', 't1 edited in a');
      expect(await a.push()).toMatchObject({ ok: true, sent: ['t1.md'] });
      expect((await serverEntries(url))['t1.md']).toBe('t1 edited in a');
    });

    it('status lists what a pull always skips (a refused name, a path through a link out of the folder) as skipped, not as incoming', async () => {
      const { url, storage } = await server();
      const teammate = checkout(url);
      teammate.write('fine.md', 'fine');
      teammate.write('link/through.md', 'through');
      await teammate.push();
      // A key the reference server would refuse, written straight into its store: another server might hold one.
      await storage.write(REPO, {
        entries: [['../evil.md', 'x']],
        now: new Date().toISOString(),
        maxEntries: 100,
        deadline: Date.now() + 10_000,
      });
      const b = checkout(url);
      const outside = join(tempDir(), 'outside');
      mkdirSync(outside);
      symlinkSync(outside, join(b.dir, 'link'));
      const expected = [
        { key: '../evil.md', reason: 'invalid_key' },
        { key: 'link/through.md', reason: 'path_escape' },
      ];
      const before = await b.status();
      expect(before.incoming).toEqual(['fine.md']);
      expect(before.incomingSkipped.map((s) => ({ key: s.key, reason: s.reason }))).toEqual(expected);
      const pulled = await b.pull();
      expect(pulled.skipped.map((s) => ({ key: s.key, reason: s.reason }))).toEqual(expected);
      expect(before.incomingSkipped).toEqual(pulled.skipped);
      const after = await b.status();
      expect(after.incoming).toEqual([]);
      expect(after.incomingSkipped).toEqual(before.incomingSkipped);
      // Before its folder exists, a checkout has no link to lead out: only the refused name is skipped.
      const fresh = checkout(url);
      rmSync(fresh.dir, { recursive: true });
      expect(await fresh.status()).toMatchObject({ incoming: ['fine.md', 'link/through.md'], incomingSkipped: [expected[0]] });
      expect(existsSync(fresh.dir)).toBe(false);
    });

    it('the first create is conditional (If-None-Match: *): two checkouts creating at once cannot overwrite each other', async () => {
      const { url } = await server();
      const racing = holdPutsUntilTwoProbes();
      const a = checkout(url, racing);
      const b = checkout(url, racing);
      a.write('shared.md', 'a says');
      a.write('a.md', 'a');
      b.write('shared.md', 'b says');
      b.write('b.md', 'b');
      const [ra, rb] = await Promise.all([a.push(), b.push()]);
      expect(ra.ok && rb.ok).toBe(true);
      expect(ra.conflicts + rb.conflicts).toBe(1);
      const aLost = ra.conflicts === 1;
      const entries = await serverEntries(url);
      expect(entries).toEqual({ 'a.md': 'a', 'b.md': 'b', 'shared.md': aLost ? 'b says' : 'a says' });
      expect((aLost ? ra : rb).skipped).toEqual([{ key: 'shared.md', reason: 'not_pulled' }]);
    });

    it('the server answers a PUT with If-None-Match: * by 412 once the repository has data, and changes nothing', async () => {
      const { url } = await server();
      const endpoint = `${url}/api/claude_code/team_memory?repo=${encodeURIComponent(REPO)}`;
      const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'If-None-Match': '*' };
      const put = (entries: Record<string, string>) => fetch(endpoint, { method: 'PUT', headers, body: JSON.stringify({ entries }) });
      const created = await put({ 'a.md': 'first' });
      expect(created.status).toBe(200);
      expect((await put({ 'a.md': 'second' })).status).toBe(412);
      expect(await serverEntries(url)).toEqual({ 'a.md': 'first' });
      // An ETag in If-None-Match that is current refuses the write as well.
      const etag = created.headers.get('etag')!;
      expect(
        (
          await fetch(endpoint, {
            method: 'PUT',
            headers: { ...headers, 'If-None-Match': etag },
            body: JSON.stringify({ entries: { 'b.md': 'b' } }),
          })
        ).status,
      ).toBe(412);
      expect(await serverEntries(url)).toEqual({ 'a.md': 'first' });
    });
  });

  /** A server that answers every request with what the test says, to play a broken or hostile server. */
  async function hostileServer(
    answer: (url: string) => { status: number; body: string; headers?: Record<string, string> },
  ): Promise<string> {
    const s = createServer((request, response) => {
      const { status, body, headers } = answer(request.url ?? '');
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(body);
    });
    hostile.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  }

  const data = (entries: Record<string, string>) =>
    JSON.stringify({
      organizationId: 'o',
      repo: REPO,
      version: 1,
      lastModified: '2026-01-01T00:00:00Z',
      checksum: `sha256:${'a'.repeat(64)}`,
      content: { entries },
    });

  describe('team sync against a broken or hostile server', () => {
    it('garbage JSON and wrong shapes are clear errors, not crashes, and change nothing', async () => {
      for (const body of [
        '<html>oops</html>',
        '{"organizationId": 5}',
        JSON.stringify({ organizationId: 'o', repo: REPO, version: 1, lastModified: 'x', content: { entries: { 'a.md': 7 } } }),
      ]) {
        const url = await hostileServer(() => ({ status: 200, body }));
        const a = checkout(url);
        const error = await a.pull().catch((e: unknown) => e);
        expect(error, body).toBeInstanceOf(TeamSyncError);
        expect((error as TeamSyncError).code).toBe('bad_output');
        expect(readdirSync(a.dir)).toEqual([]);
      }
    });

    it('keys that try to leave the team folder are skipped with a reason; nothing is written outside', async () => {
      const base = tempDir();
      const url = await hostileServer(() => ({
        status: 200,
        body: data({
          '../escape.md': 'x',
          '/abs.md': 'x',
          '%2e%2e/enc.md': 'x',
          'sub/../../up.md': 'x',
          '\uFF0E\uFF0E/wide.md': 'x',
          'link/through.md': 'x',
          'fine.md': 'ok',
        }),
      }));
      const a = checkout(url);
      mkdirSync(join(base, 'outside'));
      symlinkSync(join(base, 'outside'), join(a.dir, 'link'));
      const before = filesUnder(dirname(a.dir)).sort();
      const report = await a.pull();
      expect(report.received).toEqual(['fine.md']);
      expect(report.skipped.map((s) => [s.key, s.reason]).sort()).toEqual(
        [
          ['%2e%2e/enc.md', 'invalid_key'],
          ['../escape.md', 'invalid_key'],
          ['/abs.md', 'invalid_key'],
          ['link/through.md', 'path_escape'],
          ['sub/../../up.md', 'invalid_key'],
          ['\uFF0E\uFF0E/wide.md', 'invalid_key'],
        ].sort(),
      );
      expect(readdirSync(join(base, 'outside'))).toEqual([]);
      expect(filesUnder(dirname(a.dir)).sort()).toEqual([...before, join(a.dir, 'fine.md')].sort());
      expect(existsSync(join(dirname(a.dir), 'escape.md'))).toBe(false);
    });

    it('a key that spells MEMORY.md in another case is never written by a pull, sent by a push, or stored by the server', async () => {
      const index = '- [Build](build.md) — pnpm\n';
      const url = await hostileServer(() => ({
        status: 200,
        body: data({ 'MEMORY.md': index, 'memory.md': 'a topic that would replace the index', 'sub/Memory.MD': 'x', 'build.md': 'pnpm' }),
      }));
      const a = checkout(url);
      const pulled = await a.pull();
      expect(pulled.received).toEqual(['MEMORY.md', 'build.md']);
      expect(pulled.skipped.map((s) => [s.key, s.reason])).toEqual([
        ['memory.md', 'invalid_key'],
        ['sub/Memory.MD', 'invalid_key'],
      ]);
      expect(a.read('MEMORY.md')).toBe(index);
      expect(readdirSync(a.dir).sort()).toEqual(['MEMORY.md', 'build.md']);

      const { url: reference } = await server();
      const b = checkout(reference);
      b.write('MEMORY.md', index);
      b.write('Memory.MD', 'a topic that would replace the index');
      const pushed = await b.push();
      expect(pushed.sent).toEqual(['MEMORY.md']);
      expect(pushed.skipped).toEqual([{ key: 'Memory.MD', reason: 'invalid_name' }]);
      const refused = await fetch(`${reference}/api/claude_code/team_memory?repo=${encodeURIComponent(REPO)}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entries: { 'memory.md': 'x' } }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /"memory\.md" is not a safe relative path: would replace the index MEMORY\.md/,
      );
      expect(await serverEntries(reference)).toEqual({ 'MEMORY.md': index });
    });

    it('a pull never writes a name with a bidi or zero-width character, nor one that differs only in case from another pulled or existing name (decision 64)', async () => {
      const invisible = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'];
      const zeroWidth = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
      const hidden = Object.fromEntries([...invisible, ...zeroWidth].map((c, i) => [`note${i}${c}gnp.md`, 'x']));
      const url = await hostileServer(() => ({
        status: 200,
        body: data({ ...hidden, 'Ok.md': 'upper', 'ok.md': 'lower', 'Existing.md': 'server', 'Notes/b.md': 'b', 'fine.md': 'fine' }),
      }));
      const a = checkout(url);
      a.write('existing.md', 'local');
      a.write('notes/a.md', 'local a');
      const report = await a.pull();
      expect(report.received).toEqual(['fine.md']);
      const skipped = new Map(report.skipped.map((s) => [s.key, s]));
      for (const key of Object.keys(hidden)) {
        expect(skipped.get(key)?.reason, JSON.stringify(key)).toBe('invalid_key');
        expect(skipped.get(key)?.detail).toMatch(/^holds a character nobody can see: U\+[0-9A-F]{4}/);
      }
      expect(
        ['Ok.md', 'ok.md', 'Existing.md', 'Notes/b.md'].map((key) => [key, skipped.get(key)?.reason, skipped.get(key)?.detail]),
      ).toEqual([
        ['Ok.md', 'case_collision', 'a case-insensitive file system takes it for "ok.md"'],
        ['ok.md', 'case_collision', 'a case-insensitive file system takes it for "Ok.md"'],
        ['Existing.md', 'case_collision', 'a case-insensitive file system takes it for "existing.md"'],
        ['Notes/b.md', 'case_collision', 'a case-insensitive file system takes it for "notes"'],
      ]);
      expect(report.skipped).toHaveLength(Object.keys(hidden).length + 4);
      expect(
        filesUnder(a.dir)
          .map((f) => f.slice(a.dir.length + 1))
          .sort(),
      ).toEqual(['existing.md', 'fine.md', 'notes/a.md']);
      expect(a.read('existing.md')).toBe('local');
    });

    it('the reference server refuses keys with invisible characters and keys that differ only in case from another (400); a push skips them', async () => {
      const { url } = await server();
      const endpoint = `${url}/api/claude_code/team_memory?repo=${encodeURIComponent(REPO)}`;
      const put = (entries: Record<string, string>) =>
        fetch(endpoint, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ entries }),
        });
      const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
      for (const key of ['a\u202Eb.md', 'a\u200Bb.md', '\uFEFFa.md', 'a\u2066b.md']) {
        const refused = await put({ [key]: 'x' });
        expect(refused.status, JSON.stringify(key)).toBe(400);
        expect(await message(refused)).toMatch(/is not a safe relative path: holds a character nobody can see: U\+/);
      }
      const both = await put({ 'Ok.md': 'a', 'ok.md': 'b' });
      expect(both.status).toBe(400);
      expect(await message(both)).toMatch(/a case-insensitive file system takes it for/);
      expect((await put({ 'Ok.md': 'a', 'Notes/a.md': 'a' })).status).toBe(200);
      for (const key of ['ok.md', 'notes/b.md']) {
        const later = await put({ [key]: 'b' });
        expect(later.status, key).toBe(400);
      }
      expect(Object.keys(await serverEntries(url)).sort()).toEqual(['Notes/a.md', 'Ok.md']);

      const b = checkout(url);
      b.write('ok.md', 'mine');
      b.write('Same.md', 'one');
      b.write('same.md', 'two');
      b.write('fine.md', 'fine');
      const pushed = await b.push();
      expect(pushed.ok).toBe(true);
      expect(pushed.sent).toEqual(['fine.md']);
      expect(
        pushed.skipped
          .filter((s) => s.reason === 'case_collision')
          .map((s) => s.key)
          .sort(),
      ).toEqual(['Same.md', 'ok.md', 'same.md']);
    });

    it('401 is a permission error; a 500 is retried, then reported', async () => {
      let deniedCalls = 0;
      const denied = await hostileServer(() => (deniedCalls++, { status: 401, body: '{}' }));
      expect(
        await checkout(denied)
          .pull()
          .catch((e: unknown) => (e as TeamSyncError).code),
      ).toBe('permission_denied');
      expect(deniedCalls).toBe(1);
      let calls = 0;
      const flaky = await hostileServer(() => (++calls < 3 ? { status: 503, body: '{}' } : { status: 200, body: data({ 'a.md': 'a' }) }));
      const client = new TeamClient({ server: flaky, token: TOKEN, repo: REPO, sleep: async () => {} });
      const result = await pullTeamMemory({ teamDir: join(tempDir(), 'team'), client, state: EMPTY });
      expect(result.report.received).toEqual(['a.md']);
      expect(calls).toBe(3);
    });
  });
});
