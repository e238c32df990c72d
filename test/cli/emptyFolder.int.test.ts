import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** A folder that is there and holds no transcript: a memory folder only, as a new machine's may. */
function emptyFolder(): string {
  const folder = join(tempDir(), 'projects');
  mkdirSync(join(folder, '-home-dev-app', 'memory'), { recursive: true });
  writeFileSync(join(folder, '-home-dev-app', 'memory', 'MEMORY.md'), '# Memory\n');
  return folder;
}

const OFFLINE = { env: { ANTHROPIC_API_KEY: '', MEMLOG_CLAUDE_BIN: 'no-such-claude' } };

describe('a folder that holds no transcript (decision 114)', () => {
  it('inspect, report, report --usage, extract and audit say the same line naming it, print nothing else and exit 0', () => {
    const folder = emptyFolder();
    const out = join(tempDir(), 'out');
    const commands = [
      ['inspect', folder],
      ['report', folder],
      ['report', folder, '--usage'],
      ['extract', folder, '--out', out],
      ['audit', folder],
    ];
    for (const args of commands) {
      const result = runCli(args, OFFLINE);
      expect({ args, status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        args,
        status: 0,
        stdout: '',
        stderr: `memlog: no .jsonl transcripts under ${folder}\n`,
      });
    }
  });

  it('--json still answers with its zeros, for a script that reads it, after the same line', () => {
    const folder = emptyFolder();
    const rows = runCli(['report', folder, '--json']);
    expect([rows.status, rows.stderr, JSON.parse(rows.stdout)]).toEqual([
      0,
      `memlog: no .jsonl transcripts under ${folder}\n`,
      { rows: [], unreadable: [] },
    ]);
    const usage = runCli(['report', folder, '--usage', '--json']);
    expect(usage.status).toBe(0);
    expect(usage.stderr).toBe(`memlog: no .jsonl transcripts under ${folder}\n`);
    expect((JSON.parse(usage.stdout) as { rows: unknown[] }).rows).toEqual([]);
  });

  it.each([[[]], [['--per-turn']]])('extract %j --json answers with its zeros and makes no output folder either', (mode) => {
    const folder = emptyFolder();
    const cwd = tempDir();
    const result = runCli(['extract', folder, '--json', ...mode], { ...OFFLINE, cwd });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`^memlog: no \\.jsonl transcripts under ${folder}\n`));
    expect(JSON.parse(result.stdout)).toMatchObject({ found: { projects: 0, sessions: 0 }, sessions: [] });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a folder that is not there stays a usage error, exit 2, everywhere', () => {
    const missing = join(tempDir(), 'nowhere');
    for (const args of [
      ['inspect', missing],
      ['report', missing],
      ['report', missing, '--usage'],
      ['extract', missing],
      ['audit', missing],
    ]) {
      const result = runCli(args, OFFLINE);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr).toContain('nowhere');
    }
  });
});
