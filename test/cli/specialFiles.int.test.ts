import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

// Opening a named pipe for reading blocks until a writer comes; nothing writes to these. A
// regression hangs, so every run is killed after a while and then fails on its null status.
const TIMEOUT_MS = 45_000;
const FIFO_SESSION = '00000000-0000-4000-8000-00000000f1f0';
/** A real session of the demo project, whose effect log is made a pipe. */
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

const mkfifo = (path: string): string => {
  execFileSync('mkfifo', [path]);
  return path;
};

/** A copy of the demo projects with a pipe named like a session, one where a session's effect log goes, and one in the memory folder. */
function projectsWithPipes(): { root: string; project: string; out: string } {
  const root = join(tempDir(), 'projects');
  cpSync(demoProjects, root, { recursive: true });
  const project = join(root, '-home-dev-acme-shop');
  mkfifo(join(project, `${FIFO_SESSION}.jsonl`));
  mkfifo(join(project, `${SESSION}.memlog.jsonl`));
  mkfifo(join(project, 'memory', 'piped.md'));
  return { root, project, out: join(tempDir(), 'memlog-out') };
}

describe('named pipes in a walked folder are left alone', { timeout: 4 * TIMEOUT_MS }, () => {
  it('extract (and --dry-run) processes the real sessions and names the pipe it skips, exit 1 (decision 111)', () => {
    const { root, project, out } = projectsWithPipes();
    const named = `memlog: skipped ${join(project, `${FIFO_SESSION}.jsonl`)}: not a regular file (a named pipe (FIFO))\n`;
    const dry = runCli(['extract', root, '--out', out, '--dry-run', '--json'], { timeoutMs: TIMEOUT_MS });
    expect(dry.status).toBe(1);
    expect(dry.stderr).toBe(named);
    // The plan's JSON carries it apart from the projects, never as a session.
    const plan = JSON.parse(dry.stdout) as { projects: unknown[]; unreadable: Array<{ path: string }> };
    expect(JSON.stringify(plan.projects)).not.toContain(FIFO_SESSION);
    expect(plan.unreadable.map((u) => u.path)).toEqual([join(project, `${FIFO_SESSION}.jsonl`)]);
    const run = runCli(['extract', root, '--out', out, '--model', 'offline', '--json'], { timeoutMs: TIMEOUT_MS });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(named);
    const report = JSON.parse(run.stdout) as { sessions: Array<{ session: string }>; failedSessions: number };
    expect(report.sessions).toHaveLength(4);
    expect(report.failedSessions).toBe(0);
    expect(report.sessions.map((s) => s.session).join()).not.toContain(FIFO_SESSION);
  });

  it('report lists the real sessions and names the pipe it skips, also as an effect log, exit 1 (decision 111)', () => {
    const { root, project } = projectsWithPipes();
    const result = runCli(['report', root, '--json'], { timeoutMs: TIMEOUT_MS });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`memlog: skipped ${join(project, `${FIFO_SESSION}.jsonl`)}: not a regular file (a named pipe (FIFO))\n`);
    const rows = reportRows<{ session: string; error: string | null }>(result.stdout);
    expect(rows.map((r) => r.error)).toEqual([null, null, null, null]);
    expect(JSON.stringify(rows)).not.toContain(FIFO_SESSION);
    // Named beside the rows, as no session (decision 115).
    expect((JSON.parse(result.stdout) as { unreadable: unknown }).unreadable).toEqual([
      { path: join(project, `${FIFO_SESSION}.jsonl`), reason: 'not a regular file (a named pipe (FIFO))' },
    ]);
  });

  it('inspect of the folder and memory list/why of the memory folder skip the pipes', () => {
    const { root, project } = projectsWithPipes();
    const inspect = runCli(['inspect', root, '--json'], { timeoutMs: TIMEOUT_MS });
    // Never opened, and named with its reason as every command's discovery names what it cannot read (decision 107): exit 1.
    expect(inspect.status).toBe(1);
    const lines = inspect.stdout.trim().split('\n');
    const piped = lines.filter((line) => line.includes(FIFO_SESSION));
    expect(piped).toHaveLength(1);
    expect(JSON.parse(piped[0] ?? '{}')).toMatchObject({ error: expect.stringContaining('named pipe') as unknown });
    // Four sessions and one subagent transcript.
    expect(lines.filter((line) => !line.includes(FIFO_SESSION))).toHaveLength(5);
    const list = runCli(['memory', 'list', '--dir', join(project, 'memory'), '--json'], { timeoutMs: TIMEOUT_MS });
    expect(list.status).toBe(0);
    expect((JSON.parse(list.stdout) as { memories: Array<{ filename: string }> }).memories.map((m) => m.filename)).toEqual([
      'prefer-pnpm.md',
    ]);
    const why = runCli(['memory', 'why', 'prefer-pnpm', '--dir', join(project, 'memory')], { timeoutMs: TIMEOUT_MS });
    expect(why.status).toBe(0);
  });
});

describe('a named pipe given as the transcript is refused with one line, exit 2', { timeout: 2 * TIMEOUT_MS }, () => {
  it.each([['inspect'], ['replay'], ['notes', '--model', 'offline'], ['compact', '--strategy', 'notes'], ['context']])(
    '%s',
    (command, ...options) => {
      const dir = tempDir();
      mkdirSync(join(dir, 'project'));
      const fifo = mkfifo(join(dir, 'project', `${FIFO_SESSION}.jsonl`));
      const result = runCli([command, fifo, ...options], { timeoutMs: TIMEOUT_MS });
      expect(result.stderr).toBe(`memlog: ${fifo} is a named pipe (FIFO), not a transcript file; give one transcript .jsonl file\n`);
      expect(result.status).toBe(2);
    },
  );
});
