import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli, type CliResult, type RunCliOptions } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { unprivilegedUser } from '../support/unprivileged.js';
import { inspectSkippedLine, reportRows } from '../support/unreadableJson.js';

const TIMEOUT_MS = 45_000;
const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';
const LOCKED = '7f26c0de-0000-4000-8000-000000000001';

/**
 * projects/p: one readable session, and a session whose transcript and own folder (holding a
 * subagent) this user may not read; projects/p2: a project folder that cannot be listed.
 */
function tree() {
  const root = join(tempDir(), 'projects');
  const p = join(root, 'p');
  const source = join(demoProjects, '-home-dev-notes-cli', `${SESSION}.jsonl`);
  mkdirSync(join(p, LOCKED, 'subagents'), { recursive: true });
  mkdirSync(join(root, 'p2'));
  copyFileSync(source, join(p, `${SESSION}.jsonl`));
  copyFileSync(source, join(p, `${LOCKED}.jsonl`));
  copyFileSync(source, join(p, LOCKED, 'subagents', 'agent-a1.jsonl'));
  copyFileSync(source, join(root, 'p2', `${SESSION}.jsonl`));
  return {
    root,
    readable: join(p, `${SESSION}.jsonl`),
    lockedFile: join(p, `${LOCKED}.jsonl`),
    lockedFolder: join(p, LOCKED),
    p2: join(root, 'p2'),
  };
}

type Tree = ReturnType<typeof tree>;
const skippedLines = (result: CliResult): string[] => result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '));

/** What every command says over the tree, whether the permission is real or injected. */
function expectEachCommandGoesOn(t: Tree, options: RunCliOptions): void {
  const run = (args: readonly string[]): CliResult => runCli(args, { timeoutMs: TIMEOUT_MS, ...options });
  // The session's own folder is never walked, readable or not: only its transcript is named.
  const named = [`memlog: skipped ${t.lockedFile}: permission denied`, `memlog: skipped ${t.p2}: permission denied`];

  const plan = run(['extract', t.root, '--out', join(t.root, '..', 'out'), '--dry-run']);
  expect(plan.status, plan.stderr).toBe(1);
  expect(skippedLines(plan)).toEqual(named);
  expect(plan.stdout).toContain(`  ${t.readable}: 1 chunk(s)`);
  expect(plan.stdout).toContain('2 paths skipped, not read');

  const report = run(['report', t.root, '--json']);
  expect(report.status, report.stderr).toBe(1);
  expect(skippedLines(report)).toEqual(named);
  expect(reportRows<{ session: string; error: string | null }>(report.stdout).map((row) => [row.session, row.error])).toEqual([
    [SESSION, null],
  ]);

  const inspect = run(['inspect', t.root, '--json', '--no-catalog']);
  expect(inspect.status).toBe(1);
  expect(inspect.stdout).toContain(inspectSkippedLine(t.p2, 'permission denied'));
}

// Decision 111: a folder that cannot be listed is a skipped path in extract and report as in
// inspect, and a session's folder stays unwalked when its transcript is skipped.
describe('folders a walk cannot list', { timeout: 8 * TIMEOUT_MS }, () => {
  it('a folder and a transcript that may not be read are named, and extract, report and inspect go on (injected)', () => {
    const t = tree();
    const failFs = [t.lockedFile, t.lockedFolder, t.p2].map((path) => ({ path, code: 'EACCES' as const, atWalk: true }));
    expectEachCommandGoesOn(t, { failFs });
  });

  it('the same with real permissions (root reads everything: run as nobody)', () => {
    const t = tree();
    const user = unprivilegedUser(t.root);
    for (const path of [t.lockedFile, t.lockedFolder, t.p2]) chmodSync(path, 0o000);
    try {
      expectEachCommandGoesOn(t, user === undefined ? {} : { user });
    } finally {
      for (const path of [t.lockedFolder, t.p2]) chmodSync(path, 0o755);
    }
  });

  it('a folder past the depth guard is named in words that fit any command', () => {
    const root = join(tempDir(), 'deep');
    let deep = root;
    for (let i = 0; i < 34; i++) deep = join(deep, `d${i}`);
    mkdirSync(deep, { recursive: true });
    const report = runCli(['report', root], { timeoutMs: TIMEOUT_MS });
    expect(report.status).toBe(1);
    const line = skippedLines(report).join('\n');
    expect(line).toMatch(/^memlog: skipped .*\/d32: more than 32 folders below the root$/);
  });
});
