import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirSnapshot } from '../support/dirSnapshot.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog extract writes nothing it was not asked to', () => {
  it.each([[['--dry-run']], [['--dry-run', '--per-turn']], [['--dry-run', '--json']]])(
    'extract %j in a folder without memlog-out leaves no ./memlog-out',
    (flags) => {
      const cwd = tempDir();
      const result = runCli(['extract', demoProjects, '--model', 'offline', ...flags], { cwd });
      expect(result.status, result.stderr).toBe(0);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('extract --dry-run --out DIR does not create DIR', () => {
    const cwd = tempDir();
    const result = runCli(['extract', demoProjects, '--model', 'offline', '--dry-run', '--out', 'planned'], { cwd });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('-home-dev-acme-shop → ');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('extract --into-claude leaves no ./memlog-out either: its memories go beside the transcripts', () => {
    const cwd = tempDir();
    const root = join(tempDir(), 'projects');
    mkdirSync(root);
    cpSync(join(demoProjects, '-home-dev-notes-cli'), join(root, '-home-dev-notes-cli'), { recursive: true });
    const result = runCli(['extract', root, '--model', 'offline', '--into-claude'], {
      cwd,
      env: { HOME: tempDir(), CLAUDE_CONFIG_DIR: '' },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(dirSnapshot(cwd)).toEqual({});
    expect(readdirSync(cwd)).toEqual([]);
  });
});
