import { appendFileSync, cpSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/fs/sha256.js';
import type { KillPoint } from '../support/killAtFs.js';
import { demoProjects } from '../support/paths.js';
import { runCli, type RunCliOptions } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION_KEY = '-home-dev-acme-shop/a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl';

function setUp(): { projects: string; archive: string } {
  const root = tempDir();
  cpSync(demoProjects, join(root, 'projects'), { recursive: true });
  return { projects: join(root, 'projects'), archive: join(root, 'archive') };
}

const runArchive = (projects: string, archive: string, options: RunCliOptions = {}) =>
  runCli(['archive', join(projects, '-home-dev-acme-shop'), join(projects, '-home-dev-notes-cli'), '--to', archive], options);

/** Every file under a folder, by its path inside it. */
function files(root: string, under = ''): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(join(root, under), { withFileTypes: true })) {
    const rel = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) for (const [key, bytes] of files(root, rel)) found.set(key, bytes);
    else found.set(rel, readFileSync(join(root, rel)));
  }
  return found;
}

/** A rerun completes the archive: it verifies, holds no piece without its line, and restores every session byte for byte. */
function expectCompletedByRerun(projects: string, archive: string): void {
  const rerun = runArchive(projects, archive);
  expect(rerun.status, rerun.stderr).toBe(0);
  const verified = runCli(['archive', 'verify', '--archive', archive]);
  expect(verified.stdout, verified.stderr).toMatch(/verified 6 file\(s\), 6 version\(s\), 6 piece\(s\), [\d,]+ byte\(s\): all good\n$/);
  expect([...files(join(archive, 'pieces')).keys()]).toHaveLength(6);
  const into = tempDir();
  expect(runCli(['archive', 'restore', '--all', '--archive', archive, '--to', into]).status).toBe(0);
  const restored = files(into);
  for (const [key, bytes] of files(projects)) {
    if (key.endsWith('.jsonl') || key.includes('/subagents/') || key.includes('/tool-results/')) {
      if (key.includes('/memory/') || key.endsWith('.memlog.jsonl') || key === 'README.md') continue;
      expect(restored.get(key)?.equals(bytes), key).toBe(true);
    }
  }
}

const KILLS: readonly KillPoint[] = [
  { op: 'rename', match: 'pieces/', nth: 1, when: 'before' },
  { op: 'rename', match: 'pieces/', nth: 1, when: 'after' },
  { op: 'rename', match: 'pieces/', nth: 4, when: 'after' },
  // The run's records go down in one write once their pieces are fsync'd (decision 90): before it, every piece is unrecorded.
  { op: 'write', match: '"v":2', nth: 1, when: 'before' },
  { op: 'write', match: '"v":2', nth: 1, when: 'after' },
  { op: 'rm', match: 'unfinished', nth: 1, when: 'before' },
];

describe('memlog archive killed at any step (kill -9)', () => {
  it.each(KILLS)(
    'killed at %j: a rerun completes the archive',
    (killAt) => {
      const { projects, archive } = setUp();
      const killed = runArchive(projects, archive, { killAt });
      expect(killed.signal).toBe('SIGKILL');
      expectCompletedByRerun(projects, archive);
    },
    120_000,
  );
});

describe('memlog archive after a manifest line was cut', () => {
  it('skips the cut line, ends it before its next line, and restores what grew since', () => {
    const { projects, archive } = setUp();
    expect(runArchive(projects, archive).status).toBe(0);
    appendFileSync(join(archive, 'manifest.jsonl'), '{"v":1,"key":"-home-dev-acme-shop/a1e');
    appendFileSync(join(projects, SESSION_KEY), '{"type":"user","text":"more"}\n');
    const rerun = runArchive(projects, archive);
    expect(rerun.stdout, rerun.stderr).toContain('1 grown');
    const verified = runCli(['archive', 'verify', '--archive', archive]);
    expect(verified.stdout).toMatch(/all good\n {2}1 manifest line\(s\) cut by an interrupted run, skipped \(harmless\)\n$/);
    const into = tempDir();
    runCli(['archive', 'restore', '--all', '--archive', archive, '--to', into]);
    expect(readFileSync(join(into, SESSION_KEY)).equals(readFileSync(join(projects, SESSION_KEY)))).toBe(true);
  }, 120_000);
});

describe('memlog archive on a full disk', () => {
  it('stops with one line when the manifest cannot be written, and a rerun completes it', () => {
    const { projects, archive } = setUp();
    const failed = runArchive(projects, archive, { failFs: [{ path: join(archive, 'manifest.jsonl'), code: 'ENOSPC' }] });
    expect(failed.status).toBe(2);
    expect(failed.stderr).toMatch(/^memlog: .*no space left on device[^\n]*\n$/);
    expectCompletedByRerun(projects, archive);
  }, 120_000);

  it('stops with one line when a piece cannot be written, and a rerun completes it', () => {
    const { projects, archive } = setUp();
    const size = readFileSync(join(projects, SESSION_KEY)).length;
    const piece = join(archive, 'pieces', sha256Hex(SESSION_KEY).slice(0, 20), `1-0-${size}.br.tmp`);
    const failed = runArchive(projects, archive, { failFs: [{ path: piece, code: 'ENOSPC' }] });
    expect(failed.status).toBe(2);
    expect(failed.stderr).toMatch(/^memlog: .*no space left on device[^\n]*\n$/);
    expect(runCli(['archive', 'verify', '--archive', archive]).stdout).toMatch(/all good\n$/);
    expectCompletedByRerun(projects, archive);
  }, 120_000);
});
