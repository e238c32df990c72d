import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli, type CliResult } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { unprivilegedUser } from '../support/unprivileged.js';
import { inspectSkippedLine, reportRows } from '../support/unreadableJson.js';

// Opening a named pipe for reading blocks until a writer comes: a regression hangs, so every run
// is killed after a while and then fails on its null status.
const TIMEOUT_MS = 45_000;
const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';

/**
 * One project folder holding a real session, an empty file and a file that is not UTF-8 (sessions
 * all three), and beside them what no command can read as a transcript: a pipe, a folder named like
 * a transcript (holding one), a link to nothing and a link loop.
 */
function tree() {
  const root = join(tempDir(), 'projects');
  const project = join(root, '-home-dev-notes-cli');
  mkdirSync(join(project, 'folder.jsonl'), { recursive: true });
  copyFileSync(join(demoProjects, '-home-dev-notes-cli', `${SESSION}.jsonl`), join(project, `${SESSION}.jsonl`));
  copyFileSync(join(demoProjects, '-home-dev-notes-cli', `${SESSION}.jsonl`), join(project, 'folder.jsonl', 'inside.jsonl'));
  writeFileSync(join(project, 'empty.jsonl'), '');
  writeFileSync(join(project, 'latin1.jsonl'), Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]));
  execFileSync('mkfifo', [join(project, 'pipe.jsonl')]);
  symlinkSync(join(project, 'nowhere.jsonl'), join(project, 'gone.jsonl'));
  symlinkSync(join(project, 'loopB.jsonl'), join(project, 'loopA.jsonl'));
  symlinkSync(join(project, 'loopA.jsonl'), join(project, 'loopB.jsonl'));
  const skipped: ReadonlyArray<readonly [string, string]> = [
    [join(project, 'folder.jsonl'), 'a folder, not a transcript file'],
    [join(project, 'gone.jsonl'), 'a link that points to nothing'],
    [join(project, 'loopA.jsonl'), 'a link loop'],
    [join(project, 'loopB.jsonl'), 'a link loop'],
    [join(project, 'pipe.jsonl'), 'not a regular file (a named pipe (FIFO))'],
  ];
  return { root, project, skipped, out: join(tempDir(), 'out') };
}

const run = (args: readonly string[]): CliResult => runCli(args, { timeoutMs: TIMEOUT_MS });
const stderrLines = (result: CliResult): string[] => result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '));
const skippedLines = (skipped: ReadonlyArray<readonly [string, string]>): string[] =>
  skipped.map(([path, reason]) => `memlog: skipped ${path}: ${reason}`);
const timesNamed = (text: string, path: string): number => text.split(`${path}:`).length - 1;

// Decision 111: what a walk cannot read is named once by every command, with the same words, is
// never a session that failed, and makes the exit status 1.
describe('paths a walk cannot read are named by inspect, extract and report alike', { timeout: 8 * TIMEOUT_MS }, () => {
  it('inspect names each as a file it cannot read, reads the sessions, and exits 1', () => {
    const t = tree();
    const result = run(['inspect', t.root, '--json', '--no-catalog']);
    expect(result.status).toBe(1);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; error?: string; entries?: number });
    expect(rows.filter((row) => row.error !== undefined)).toEqual(
      t.skipped.map(([file, reason]) => ({ file, error: `${file}: ${reason}`, path: file, reason })),
    );
    expect(rows.filter((row) => row.error === undefined).map((row) => row.file)).toEqual(
      [join(t.project, `${SESSION}.jsonl`), join(t.project, 'empty.jsonl'), join(t.project, 'latin1.jsonl')].sort(),
    );
  });

  it('extract names each on stderr once, counts them apart from the sessions, fails none, and exits 1', () => {
    const t = tree();
    const result = run(['extract', t.root, '--out', t.out, '--model', 'offline']);
    expect(result.status).toBe(1);
    expect(stderrLines(result)).toEqual(skippedLines(t.skipped));
    for (const [path] of t.skipped) expect(timesNamed(result.stderr + result.stdout, path)).toBe(1);
    expect(result.stdout).toMatch(
      /^memlog extract: 1 project\(s\), 3 session\(s\): 1 processed, 0 with nothing new, 2 with no conversation\n/,
    );
    expect(result.stdout).toContain('\n  5 paths skipped, not read (each named on stderr with why)\n');
    expect(result.stdout).toContain(`${join(t.project, 'latin1.jsonl')}: 1 line(s) not read`);
    expect(result.stdout).not.toMatch(/failed|could not be read/i);

    const json = run(['extract', t.root, '--out', join(tempDir(), 'out'), '--model', 'offline', '--json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { failedSessions: number; sessions: unknown[]; unreadable: unknown[] };
    expect(report).toMatchObject({ failedSessions: 0, unreadable: t.skipped.map(([path, reason]) => ({ path, reason })) });
    expect(report.sessions).toHaveLength(3);
  });

  it('extract --dry-run names them as the run does and exits 1', () => {
    const t = tree();
    const result = run(['extract', t.root, '--out', t.out, '--dry-run']);
    expect(result.status).toBe(1);
    expect(stderrLines(result)).toEqual(skippedLines(t.skipped));
    expect(result.stdout).not.toContain('cannot be read');
    expect(result.stdout).toMatch(/\n5 paths skipped, not read \(each named on stderr with why\)\n$/);
  });

  it('report names each on stderr, gives them no row, counts them after the sessions, and exits 1', () => {
    const t = tree();
    const text = run(['report', t.root]);
    expect(text.status).toBe(1);
    expect(stderrLines(text)).toEqual(skippedLines(t.skipped));
    expect(text.stdout).not.toContain('error');
    expect(text.stdout).toContain('\n3 sessions; 5 paths skipped, not read (each named on stderr with why)\n');

    const json = run(['report', t.root, '--json']);
    expect(json.status).toBe(1);
    const rows = reportRows<{ session: string; error: string | null }>(json.stdout);
    expect(rows.map((row) => [row.session, row.error])).toEqual([
      ['empty', null],
      ['latin1', null],
      [SESSION, null],
    ]);

    const html = join(tempDir(), 'report', 'index.html');
    const pages = run(['report', t.root, '--html', html]);
    expect(pages.status).toBe(1);
    expect(pages.stdout).toBe(`${html}: 3 session pages and an index; 5 paths skipped, not read (each named on stderr with why)\n`);
    const index = readFileSync(html, 'utf8');
    // Named below the folder given: the pages are for sharing, without host paths.
    expect(index).toContain('5 paths skipped, not read:');
    expect(index).toContain('<li><code>-home-dev-notes-cli/loopA.jsonl</code>: a link loop</li>');
    expect(index).not.toContain(t.root);
  });

  it('a socket named like a transcript is named as the pipe is', async () => {
    const t = tree();
    const socket = join(t.project, 'socket.jsonl');
    const server = createServer((connection) => connection.destroy());
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const expected = skippedLines(
        [...t.skipped, [socket, 'not a regular file (a socket)'] as const].sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      const report = run(['report', t.root]);
      expect(report.status).toBe(1);
      expect(stderrLines(report)).toEqual(expected);
      const plan = run(['extract', t.root, '--out', t.out, '--dry-run']);
      expect(stderrLines(plan)).toEqual(expected);
      const inspect = run(['inspect', t.root, '--json', '--no-catalog']);
      expect(inspect.stdout).toContain(inspectSkippedLine(socket, 'not a regular file (a socket)'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a transcript this user may not read is named by each command at the walk (root reads everything: run as nobody)', () => {
    const t = tree();
    const locked = join(t.project, 'locked.jsonl');
    copyFileSync(join(t.project, `${SESSION}.jsonl`), locked);
    chmodSync(locked, 0o000);
    const user = unprivilegedUser(t.project);
    const as = (args: readonly string[]): CliResult => runCli(args, { timeoutMs: TIMEOUT_MS, ...(user === undefined ? {} : { user }) });
    const expected = skippedLines([...t.skipped, [locked, 'permission denied'] as const].sort(([a], [b]) => (a < b ? -1 : 1)));

    const inspect = as(['inspect', t.root, '--json', '--no-catalog']);
    expect(inspect.status).toBe(1);
    expect(inspect.stdout).toContain(inspectSkippedLine(locked, 'permission denied'));
    const plan = as(['extract', t.root, '--out', t.out, '--dry-run']);
    expect(plan.status).toBe(1);
    expect(stderrLines(plan)).toEqual(expected);
    const report = as(['report', t.root, '--json']);
    expect(report.status).toBe(1);
    expect(stderrLines(report)).toEqual(expected);
    expect(reportRows<{ error: string | null }>(report.stdout).every((row) => row.error === null)).toBe(true);
  });
});
