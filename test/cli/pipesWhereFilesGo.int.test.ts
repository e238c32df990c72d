import { execFileSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

// Opening a named pipe blocks until the other end comes; nothing opens these. A regression hangs,
// so every run is killed after a while and then fails on its null status.
const TIMEOUT_MS = 30_000;
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

const mkfifo = (path: string): string => {
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
  return path;
};

/** A copy of the demo project: its sessions and its memory folder. */
function project(): { dir: string; transcript: string; memory: string } {
  const dir = join(tempDir(), '-home-dev-acme-shop');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  return { dir, transcript: join(dir, `${SESSION}.jsonl`), memory: join(dir, 'memory') };
}

/** The command finished (was not killed), exit 2, with the one line that names the pipe. */
function expectRefused(result: ReturnType<typeof runCli>, pipe: string): void {
  expect(result.signal).toBeNull();
  expect(result.stderr).toBe(`memlog: ${pipe}: not a regular file (a named pipe)\n`);
  expect(result.status).toBe(2);
}

describe('a named pipe where memlog reads or writes a file of its own is refused at once', { timeout: 4 * TIMEOUT_MS }, () => {
  it('notes, with a pipe as the effect log', () => {
    const { transcript, dir } = project();
    const pipe = mkfifo(join(dir, `${SESSION}.memlog.jsonl`));
    expectRefused(runCli(['notes', transcript, '--model', 'offline'], { timeoutMs: TIMEOUT_MS }), pipe);
  });

  it('notes, with a pipe as the --notes file', () => {
    const { transcript } = project();
    const folder = join(tempDir(), 'notes');
    mkdirSync(folder);
    const pipe = mkfifo(join(folder, 'summary.md'));
    expectRefused(runCli(['notes', transcript, '--model', 'offline', '--notes', pipe], { timeoutMs: TIMEOUT_MS }), pipe);
  });

  it('consolidate and memory list, with a pipe as MEMORY.md', () => {
    const { memory } = project();
    const pipe = mkfifo(join(memory, 'MEMORY.md'));
    expectRefused(runCli(['consolidate', memory, '--model', 'offline', '--force'], { timeoutMs: TIMEOUT_MS }), pipe);
    expectRefused(runCli(['memory', 'list', '--dir', memory], { timeoutMs: TIMEOUT_MS }), pipe);
  });

  it('consolidate and memory list, with a pipe as .consolidate-lock: it counts as no lock and is replaced by one', () => {
    const { memory } = project();
    mkfifo(join(memory, '.consolidate-lock'));
    const consolidate = runCli(['consolidate', memory, '--model', 'offline', '--force', '--json'], { timeoutMs: TIMEOUT_MS });
    expect(consolidate.signal).toBeNull();
    expect(consolidate.stderr).toBe('');
    expect(consolidate.status).toBe(0);
    mkfifo(join(memory, '.consolidate-lock'));
    const list = runCli(['memory', 'list', '--dir', memory], { timeoutMs: TIMEOUT_MS });
    expect(list.signal).toBeNull();
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('prefer-pnpm.md');
  });

  it("notes, with a pipe at its lock: no process holds it, and it is replaced like a dead one's", () => {
    const { transcript } = project();
    const folder = join(tempDir(), 'notes');
    mkdirSync(folder);
    mkfifo(join(folder, '.summary.md.memlog-notes.lock'));
    const result = runCli(['notes', transcript, '--model', 'offline', '--notes', join(folder, 'summary.md')], { timeoutMs: TIMEOUT_MS });
    expect(result.signal).toBeNull();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(lstatSync(join(folder, 'summary.md')).isFile()).toBe(true);
  });
});
