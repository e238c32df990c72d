import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../support/cliBundle.js';
import { MessagesServer } from '../support/messagesServer.js';
import { demoProjects, repoRoot } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog extract stopped with Ctrl-C', () => {
  it('says it was interrupted and that a rerun goes on from there, exits 130, and the rerun finishes', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange({ kind: 'slow', delayMs: 60_000 });
    const out = tempDir();
    const child = spawn(process.execPath, [...cliArgs(), 'extract', demoProjects, '--out', out, '--model', 'anthropic'], {
      cwd: repoRoot,
      env: { ...process.env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: baseURL, MEMLOG_CATALOG: ':memory:' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let i = 0; i < 400 && server.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received.length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    await server.stop();
    expect(stderr).toMatch(/\nmemlog: interrupted: what was recorded stays; run memlog extract again to go on from there\n$/);
    const rerun = runCli(['extract', demoProjects, '--out', out, '--model', 'offline']);
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain('4 session(s): 4 processed');
  });

  it('says so too when stopped early, while the session catalog is being filled', async () => {
    const { stdout, stderr, status } = await interruptWhileCataloguing([]);
    expect(status).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/\nmemlog: interrupted: what was recorded stays; run memlog extract again to go on from there\n$/);
  });

  it('a dry run stopped says that it wrote nothing, not to run it again, and leaves no output folder', async () => {
    const { stdout, stderr, status, out } = await interruptWhileCataloguing(['--dry-run']);
    expect(status).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/\nmemlog: interrupted: a dry run writes nothing, and nothing was written\n$/);
    expect(stderr).not.toContain('run memlog extract again');
    expect(existsSync(out)).toBe(false);
  });
});

/** `memlog extract` over 400 sessions, stopped with SIGINT once its session catalog is opened, before its first fill ends. */
async function interruptWhileCataloguing(
  flags: readonly string[],
): Promise<{ stdout: string; stderr: string; status: number | null; out: string }> {
  const root = join(tempDir(), 'projects');
  const session = readFileSync(join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'));
  for (let project = 0; project < 10; project++) {
    mkdirSync(join(root, `-p${project}`), { recursive: true });
    for (let copy = 0; copy < 40; copy++) writeFileSync(join(root, `-p${project}`, `${randomUUID()}.jsonl`), session);
  }
  const catalog = join(tempDir(), 'catalog.db');
  const out = join(tempDir(), 'out');
  const child = spawn(
    process.execPath,
    [...cliArgs(), 'extract', root, '--out', out, '--model', 'offline', '--catalog', catalog, ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  // The catalog's file is made when it is opened, before its first fill.
  for (let i = 0; i < 6000 && !existsSync(catalog); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(existsSync(catalog)).toBe(true);
  child.kill('SIGINT');
  const status = await exited;
  return { stdout, stderr, status, out };
}
