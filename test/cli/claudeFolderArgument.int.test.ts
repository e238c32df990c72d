import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

/** Claude Code's prompt history: one line per prompt typed, no entry of a transcript. */
const HISTORY = [
  { display: 'always use pnpm, never npm in this repo', pastedContents: {}, timestamp: 1750000000000, project: '/home/dev/app' },
  { display: 'fix the build', pastedContents: {}, timestamp: 1750000001000, project: '/home/dev/app' },
]
  .map((line) => `${JSON.stringify(line)}\n`)
  .join('');

/** A Claude Code folder as ~/.claude is: its prompt history, settings, and the projects folder. */
function claudeFolder(): string {
  const config = join(tempDir(), '.claude');
  cpSync(demoProjects, join(config, 'projects'), { recursive: true });
  writeFileSync(join(config, 'history.jsonl'), HISTORY);
  writeFileSync(join(config, 'settings.json'), '{}\n');
  return config;
}

describe('a Claude Code folder given where a projects folder is taken (memlog extract ~/.claude)', () => {
  it('extract reads its projects folder, says so, and never takes history.jsonl for a session', () => {
    const config = claudeFolder();
    const out = join(tempDir(), 'out');
    const result = runCli(['extract', config, '--out', out, '--model', 'offline', '--json']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `memlog: ${config} is a Claude Code folder: reading its projects folder, ${join(config, 'projects')}\n`,
    );
    expect(readdirSync(out).sort()).toEqual(['-home-dev-acme-shop', '-home-dev-notes-cli']);
    const report = JSON.parse(result.stdout) as { sessions: Array<{ session: string }> };
    expect(report.sessions.map((s) => s.session).filter((s) => s.endsWith('history.jsonl'))).toEqual([]);
    expect(report.sessions).toHaveLength(4);
  });

  it('report reads its projects folder too', () => {
    const config = claudeFolder();
    const result = runCli(['report', config, '--json']);
    expect(result.status, result.stderr).toBe(0);
    const rows = reportRows<{ project: string; session: string }>(result.stdout);
    expect([...new Set(rows.map((r) => r.project))].sort()).toEqual(['-home-dev-acme-shop', '-home-dev-notes-cli']);
  });

  it('a folder holding a copy of one is walked, its history.jsonl named as skipped, never read', () => {
    const backup = join(tempDir(), 'backup');
    cpSync(claudeFolder(), join(backup, 'claude'), { recursive: true });
    const out = join(tempDir(), 'out');
    const result = runCli(['extract', backup, '--out', out, '--model', 'offline']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `memlog: skipped ${join(backup, 'claude', 'history.jsonl')}: Claude Code's prompt history, not a session\n`,
    );
    expect(result.stdout).toMatch(/^memlog extract: 2 project\(s\), 4 session\(s\)/);
  });

  it('a folder named projects inside a project is no Claude Code folder: read as given', () => {
    const root = join(tempDir(), 'work');
    cpSync(join(demoProjects, '-home-dev-notes-cli'), join(root, 'projects', 'notes'), { recursive: true });
    cpSync(join(demoProjects, '-home-dev-acme-shop'), join(root, 'acme'), { recursive: true });
    const out = join(tempDir(), 'out');
    const result = runCli(['extract', root, '--out', out, '--model', 'offline']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('is a Claude Code folder');
    expect(readdirSync(out).sort()).toEqual(['acme', 'projects__notes']);
  });
});
