import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirSnapshot } from '../support/dirSnapshot.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** A project folder with no memories yet, and a home whose Claude Code folder is empty. */
function emptyProject(): { readonly cwd: string; readonly home: string; readonly env: NodeJS.ProcessEnv } {
  const root = tempDir();
  const cwd = join(root, 'work');
  const home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(cwd);
  return {
    cwd,
    home,
    env: { HOME: home, CLAUDE_CONFIG_DIR: '', CLAUDE_CODE_REMOTE_MEMORY_DIR: '', CLAUDE_COWORK_MEMORY_PATH_OVERRIDE: '', EDITOR: 'true' },
  };
}

describe("the memory commands on this project's default folder, before it has memories", () => {
  it('memlog undo --last says there is nothing to undo (exit 2) and creates no folder under ~/.claude', () => {
    const { cwd, home, env } = emptyProject();
    const result = runCli(['undo', '--last'], { cwd, env });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^memlog: nothing to undo: /);
    expect(result.stderr).not.toContain('at Object');
    expect(existsSync(join(home, '.claude', 'projects'))).toBe(false);
  });

  it('memlog undo --last in a memory folder no run changed leaves it as it was, without even a lock taken', () => {
    const { cwd, env } = emptyProject();
    const memory = join(cwd, 'memory');
    mkdirSync(memory);
    const result = runCli(['undo', '--last', '--dir', memory], { cwd, env });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^memlog: nothing to undo: no recorded run changed /);
    expect(readdirSync(cwd)).toEqual(['memory']);
    expect(readdirSync(memory)).toEqual([]);
  });

  it.each([
    [['undo', 'consolidation@0']],
    [['memory', 'list']],
    [['memory', 'index']],
    [['memory', 'log']],
    [['memory', 'why', 'tabs']],
    [['memory', 'effect']],
    [['review']],
    [['review', 'accept', '--all']],
    [['review', 'reject', '--all']],
    [['review', 'edit', 'p1']],
  ])('memlog %j writes nothing under ~/.claude', (args) => {
    const { cwd, home, env } = emptyProject();
    const result = runCli(args, { cwd, env });
    expect(result.stderr).not.toContain('    at ');
    expect(existsSync(join(home, '.claude', 'projects')), result.stderr).toBe(false);
    expect(dirSnapshot(home)).toEqual({});
    expect(dirSnapshot(cwd)).toEqual({});
  });
});

describe('memlog memory list with no --dir, where the default folder is not there', () => {
  it('says the folder is not there yet instead of a bare "0 memories"', () => {
    const { cwd, env } = emptyProject();
    const result = runCli(['memory', 'list'], { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/: 0 memories\n$/);
    expect(result.stderr).toMatch(
      /^memlog: .*: no memory folder yet \(this project's, where Claude Code keeps it\); --dir names another\n$/,
    );
  });

  it('beside the folder memlog extract wrote, names the command that lists what it wrote', () => {
    const { cwd, env } = emptyProject();
    const extract = runCli(['extract', demoProjects, '--model', 'offline'], { cwd, env: { ...env, ANTHROPIC_API_KEY: '' } });
    expect(extract.status, extract.stderr).toBe(0);
    const result = runCli(['memory', 'list'], { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /: no memory folder yet \(this project's, where Claude Code keeps it\); memlog extract wrote to memlog-out: memlog memory list --dir memlog-out\/-home-dev-acme-shop\/memory \(2 projects there\)\n$/,
    );
    const named = runCli(['memory', 'list', '--dir', 'memlog-out/-home-dev-acme-shop/memory'], { cwd, env });
    expect(named.stdout).toMatch(/^memlog-out\/-home-dev-acme-shop\/memory: 5 memories\n/);
    expect(named.stderr).toBe('');
  });
});

describe('a file named memlog-out where memlog runs is no output folder of extract', () => {
  it('memlog memory list still lists (exit 0) and says only that the memory folder is not there yet', () => {
    const { cwd, env } = emptyProject();
    writeFileSync(join(cwd, 'memlog-out'), 'notes\n');
    const result = runCli(['memory', 'list'], { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('no memory folder yet');
    expect(result.stderr).not.toContain('not a directory');
  });

  it('memlog report reads every session, none failing on the file', () => {
    const { cwd, env } = emptyProject();
    writeFileSync(join(cwd, 'memlog-out'), 'notes\n');
    const result = runCli(['report', demoProjects, '--json'], { cwd, env });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('ENOTDIR');
  });
});
