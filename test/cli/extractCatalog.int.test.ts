import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeDailySession } from '../support/dailySessions.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const TIMEOUT_MS = 120_000;
const MTIME_SECONDS = 1_780_000_000;

/**
 * Two sessions of one project, each opening with a summary line longer than the 4 KiB head the catalog hashes, so that
 * their first time lies past it: a session from day 2 and one from day 5.
 */
function twoSessions(): { root: string; early: string; late: string } {
  const root = join(tempDir(), 'projects');
  const project = join(root, '-home-dev-shop');
  const early = writeDailySession(project, 2, ['Always use pnpm in this repository.']);
  const late = writeDailySession(project, 5, ['Run the linter before you say you are done.']);
  const padding = `${JSON.stringify({ type: 'summary', summary: 'x'.repeat(5000), leafUuid: 'none' })}\n`;
  for (const file of [early, late]) {
    writeFileSync(file, padding + readFileSync(file, 'utf8'));
    // A whole second, which utimes can set again exactly (a file system's nanoseconds it cannot).
    utimesSync(file, MTIME_SECONDS, MTIME_SECONDS);
  }
  return { root, early, late };
}

/** The sessions of `memlog extract --dry-run --json`, in the order it would read them. */
function plannedOrder(root: string, args: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const run = runCli(['extract', root, '--out', tempDir(), '--dry-run', '--json', ...args], { env, timeoutMs: TIMEOUT_MS });
  expect(run.status, run.stderr).toBe(0);
  const plan = JSON.parse(run.stdout) as { projects: Array<{ sessions: Array<{ session: string }> }> };
  return plan.projects.flatMap((project) => project.sessions.map((s) => basename(s.session)));
}

describe("memlog extract's discovery over the session catalog (decision 88)", { timeout: 4 * TIMEOUT_MS }, () => {
  it('plans what --no-catalog plans, on the first run and on a rerun', () => {
    const { root } = twoSessions();
    const env = { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') };
    const full = runCli(['extract', root, '--out', join(tempDir(), 'out'), '--dry-run', '--json', '--no-catalog'], { env });
    for (let run = 0; run < 2; run++) {
      const fromCatalog = runCli(['extract', root, '--out', join(tempDir(), 'out'), '--dry-run', '--json'], { env });
      expect(fromCatalog.status, fromCatalog.stderr).toBe(0);
      expect(fromCatalog.stdout.replaceAll(/"memoryDir": "[^"]*"/g, '')).toBe(full.stdout.replaceAll(/"memoryDir": "[^"]*"/g, ''));
    }
  });

  it('does not read an unchanged session again: its first time comes from the catalog; --no-catalog reads it', () => {
    const { root, early, late } = twoSessions();
    const env = { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') };
    expect(plannedOrder(root, [], env)).toEqual([basename(early), basename(late)]);
    // Day 2 becomes day 8 past the hashed head, size and mtime kept: the catalog still takes the file for the one it read.
    const size = statSync(early).size;
    writeFileSync(early, readFileSync(early, 'utf8').replaceAll('2026-03-04T', '2026-03-10T'));
    utimesSync(early, MTIME_SECONDS, MTIME_SECONDS);
    expect(statSync(early).size).toBe(size);
    expect(plannedOrder(root, [], env)).toEqual([basename(early), basename(late)]);
    expect(plannedOrder(root, ['--no-catalog'], env)).toEqual([basename(late), basename(early)]);
  });

  it('says once that a catalog cannot be opened, and reads every session', () => {
    const { root, early, late } = twoSessions();
    const run = runCli(['extract', root, '--out', tempDir(), '--dry-run', '--json', '--catalog', tempDir()]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^memlog: .*cannot open the session catalog.*; reading every file\n$/);
    expect(plannedOrder(root, ['--no-catalog'], {})).toEqual([basename(early), basename(late)]);
  });
});
