import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTES_TEMPLATE, readEffectLog } from '../../src/index.js';
import { OFFLINE_NOTICE } from '../../src/jobs/index.js';
import { MessagesServer } from '../support/messagesServer.js';
import { demoProjects, repoRoot } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { cliArgs } from '../support/cliBundle.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

function copyProject(): string {
  const dir = join(tempDir(), 'project');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  return join(dir, `${SESSION}.jsonl`);
}

const offline = { ANTHROPIC_API_KEY: '' };

describe('memlog notes', () => {
  it('builds the notes offline, says so once, reports the runs; a second call finds them up to date', () => {
    const file = copyProject();
    const first = runCli(['notes', file, '--config-dir', tempDir()], { env: offline });
    expect(first.status).toBe(0);
    expect(first.stderr).toBe(`${OFFLINE_NOTICE}\n`);
    const notesPath = join(dirname(file), SESSION, 'session-memory', 'summary.md');
    expect(first.stdout).toContain(`notes: ${notesPath}`);
    expect(first.stdout).toMatch(/4 update\(s\) run now with the offline model, 0 earlier/);
    expect(first.stdout).toMatch(/session_notes@15: changed Session Title, Current State/);
    const second = runCli(['notes', file, '--json', '--show', '--config-dir', tempDir()], { env: offline });
    const report = JSON.parse(second.stdout) as { runs: unknown[]; earlierRuns: number; notes: string; model: string };
    expect(report).toMatchObject({ runs: [], earlierRuns: 4, model: 'offline' });
    expect(report.notes).toBe(readFileSync(notesPath, 'utf8'));
    expect(report.notes).toContain('never commit directly to main');
  });

  it('notes whose every update ran with a tool call pending say that no message is marked covered, not "nothing yet"', () => {
    const dir = tempDir();
    const session = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';
    const file = join(dir, `${session}.jsonl`);
    // The first 28 entries: two updates are due after three tool calls each, both mid-turn.
    const lines = readFileSync(join(demoProjects, '-home-dev-acme-shop', `${session}.jsonl`), 'utf8').split('\n');
    writeFileSync(file, `${lines.slice(0, 28).join('\n')}\n`);
    const result = runCli(['notes', file, '--config-dir', tempDir()], { env: offline });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('2 update(s) run now');
    expect(result.stdout).toContain(
      '  the notes mark no message as covered yet: as Claude Code, an update marks one only when it runs after a response without tool calls\n',
    );
    expect(result.stdout).not.toContain('(nothing yet)');
  });

  it('--notes and --effects put the files where asked; bad arguments are clear errors', () => {
    const file = copyProject();
    const out = tempDir();
    const result = runCli([
      'notes',
      file,
      '--model',
      'offline',
      '--notes',
      join(out, 'n.md'),
      '--effects',
      join(out, 'e.jsonl'),
      '--config-dir',
      out,
    ]);
    expect(result.status).toBe(0);
    expect(readFileSync(join(out, 'n.md'), 'utf8')).toContain('# Session Title');
    expect(readEffectLog(join(out, 'e.jsonl')).records.length).toBeGreaterThan(0);
    expect(existsSync(join(dirname(file), SESSION))).toBe(false);
    const missing = runCli(['notes', join(out, 'nope.jsonl'), '--model', 'offline', '--config-dir', out]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/nope\.jsonl/);
    const noKey = runCli(['notes', file, '--model', 'anthropic', '--config-dir', out], { env: offline });
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toMatch(/no Anthropic API key/);
  });

  it('a process killed mid-run leaves the notes whole; the next call runs that update again and ends as an uninterrupted build does', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange({ kind: 'slow', delayMs: 60_000 });
    const file = copyProject();
    const notesPath = join(dirname(file), SESSION, 'session-memory', 'summary.md');
    const child = spawn(process.execPath, [...cliArgs(), 'notes', file, '--model', 'anthropic', '--config-dir', tempDir()], {
      cwd: repoRoot,
      env: { ...process.env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: baseURL },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 200 && server.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(1);
    child.kill('SIGKILL');
    await exited;
    await server.stop();
    expect(readFileSync(notesPath, 'utf8')).toBe(DEFAULT_NOTES_TEMPLATE);
    expect(readdirSync(dirname(notesPath)).some((name) => name.endsWith('.memlog-run'))).toBe(true);

    const after = runCli(['notes', file, '--model', 'offline', '--config-dir', tempDir()]);
    expect(after.status).toBe(0);
    expect(after.stdout).toMatch(/1 earlier run\(s\) never finished \(interrupted\); run again/);
    expect(after.stdout).toMatch(/4 update\(s\) run now/);
    expect(readdirSync(dirname(notesPath))).toEqual(['summary.md']);
    const records = readEffectLog(join(dirname(file), `${SESSION}.memlog.jsonl`)).records;
    expect(records.filter((r) => r.type === 'run_failed').map((r) => r.type === 'run_failed' && r.error)).toEqual([
      'interrupted: the run never recorded an end',
    ]);
    // The same notes as a build that was never stopped.
    const clean = copyProject();
    expect(runCli(['notes', clean, '--model', 'offline', '--config-dir', tempDir()]).status).toBe(0);
    expect(readFileSync(notesPath, 'utf8')).toBe(readFileSync(join(dirname(clean), SESSION, 'session-memory', 'summary.md'), 'utf8'));
  }, 120_000);
});
