import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirSnapshot } from '../support/dirSnapshot.js';
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
