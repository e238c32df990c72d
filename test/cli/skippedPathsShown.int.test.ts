import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli, type CliResult } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { inspectSkippedLine } from '../support/unreadableJson.js';

// Opening a named pipe blocks until a writer comes: a regression hangs, and the kill fails the test.
const TIMEOUT_MS = 45_000;
const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';
const run = (args: readonly string[]): CliResult => runCli(args, { timeoutMs: TIMEOUT_MS });
const skippedLines = (result: CliResult): string[] => result.stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '));

/** A project folder holding a real session. */
function project(dir: string): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(demoProjects, '-home-dev-notes-cli', `${SESSION}.jsonl`), join(dir, `${SESSION}.jsonl`));
  return dir;
}

/** A project holding a session and a pipe named like a transcript. */
function withPipe() {
  const root = join(tempDir(), 'projects');
  const pipe = join(project(join(root, 'p')), 'pipe.jsonl');
  execFileSync('mkfifo', [pipe]);
  return { root, pipe };
}

// Decision 111, as amended: what a walk skips is named by the path as given, carried by every JSON,
// and what is left out by choice never counts as "could not be read".
describe('skipped paths, shown alike everywhere', { timeout: 8 * TIMEOUT_MS }, () => {
  it('a folder given through a symbolic link: its skipped paths are named below it, as inspect names them', () => {
    const home = tempDir();
    const real = join(home, 'dotfiles', 'claude');
    const pipe = join(project(join(real, 'projects', 'p')), 'stuck.jsonl');
    execFileSync('mkfifo', [pipe]);
    symlinkSync(real, join(home, '.claude'));
    const given = join(home, '.claude', 'projects', 'p', 'stuck.jsonl');
    const named = [`memlog: skipped ${given}: not a regular file (a named pipe (FIFO))`];

    const html = join(tempDir(), 'out', 'index.html');
    const report = run(['report', join(home, '.claude'), '--html', html]);
    expect(report.status).toBe(1);
    expect(skippedLines(report)).toEqual(named);
    const index = readFileSync(html, 'utf8');
    expect(index).toContain('<li><code>p/stuck.jsonl</code>: not a regular file (a named pipe (FIFO))</li>');
    expect(index).not.toContain('dotfiles');

    const plan = run(['extract', join(home, '.claude'), '--out', join(tempDir(), 'out'), '--dry-run']);
    expect(skippedLines(plan)).toEqual(named);
    const inspect = run(['inspect', join(home, '.claude', 'projects'), '--json', '--no-catalog']);
    expect(inspect.stdout).toContain(inspectSkippedLine(given, 'not a regular file (a named pipe (FIFO))'));
  });

  it.each([[[]], [['--per-turn']]])('extract --dry-run --json %j carries the paths it could not read, beside the projects', (mode) => {
    const t = withPipe();
    const plan = run(['extract', t.root, '--out', join(tempDir(), 'out'), '--dry-run', '--json', ...mode]);
    expect(plan.status).toBe(1);
    const json = JSON.parse(plan.stdout) as { projects: { sessions: { session: string }[] }[]; unreadable: unknown };
    expect(json.unreadable).toEqual([{ path: t.pipe, reason: 'not a regular file (a named pipe (FIFO))' }]);
    expect(json.projects.flatMap((p) => p.sessions.map((s) => s.session))).toEqual([join(t.root, 'p', `${SESSION}.jsonl`)]);
  });

  it('a subagent transcript or a prompt history that is a pipe is left out by choice: named, not counted, exit 0', () => {
    const root = tempDir();
    const claude = join(root, 'claude');
    const p = project(join(claude, 'projects', 'p'));
    execFileSync('mkfifo', [join(p, 'agent-a1.jsonl')]);
    execFileSync('mkfifo', [join(claude, 'history.jsonl')]);
    const named = [
      `memlog: skipped ${join(claude, 'history.jsonl')}: Claude Code's prompt history, not a session`,
      `memlog: skipped ${join(p, 'agent-*.jsonl')}: 1 subagent transcript(s): a subagent's words are not the person's`,
    ];
    const report = run(['report', root]);
    expect(report.status, report.stderr).toBe(0);
    expect(skippedLines(report)).toEqual(named);
    expect(report.stdout).not.toContain('skipped, not read');
    const plan = run(['extract', root, '--out', join(tempDir(), 'out'), '--dry-run']);
    expect(plan.status, plan.stderr).toBe(0);
    expect(skippedLines(plan)).toEqual(named);
  });

  it('over a tree whose only transcript is a pipe, extract says nothing readable was found, not that the folder is wrong', () => {
    const root = join(tempDir(), 'projects');
    mkdirSync(join(root, 'p'), { recursive: true });
    execFileSync('mkfifo', [join(root, 'p', 'pipe.jsonl')]);
    const result = run(['extract', root, '--out', join(tempDir(), 'out'), '--model', 'offline']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('\n  1 path skipped, not read (each named on stderr with why)\n');
    expect(result.stdout).toContain('\n  nothing readable found there: no transcript could be read\n');
    expect(result.stdout).not.toContain('no transcripts found there');
  });
});
