import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoMemoryDir } from '../../../src/index.js';
import { agentMemoryDir, findCanonicalGitRoot, validateMemoryPath } from '../../../src/memory/durable/index.js';
import { sanitizePath } from '../../../src/transcript/index.js';
import { tempDir } from '../../support/tempDir.js';

describe('where durable memory lives (long-term spec §1.2, §4.1)', () => {
  it('under the config home, named for the canonical git root, which worktrees share', () => {
    const base = tempDir();
    const repo = join(base, 'repo');
    mkdirSync(join(repo, '.git', 'worktrees', 'feature'), { recursive: true });
    mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
    const worktree = join(base, 'feature');
    mkdirSync(worktree);
    writeFileSync(join(worktree, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'feature')}\n`);
    writeFileSync(join(repo, '.git', 'worktrees', 'feature', 'commondir'), '../..\n');
    writeFileSync(join(repo, '.git', 'worktrees', 'feature', 'gitdir'), `${join(worktree, '.git')}\n`);
    expect(findCanonicalGitRoot(join(repo, 'src', 'deep'))).toBe(repo);
    expect(findCanonicalGitRoot(worktree)).toBe(repo);
    const env = { CLAUDE_CONFIG_DIR: join(base, 'config') };
    expect(autoMemoryDir({ projectRoot: worktree, env })).toBe(join(base, 'config', 'projects', sanitizePath(repo), 'memory'));
    expect(autoMemoryDir({ projectRoot: join(repo, 'src'), env })).toBe(autoMemoryDir({ projectRoot: worktree, env }));
  });

  it('a worktree .git file that does not point back is not trusted', () => {
    const base = tempDir();
    mkdirSync(join(base, 'victim', '.git', 'worktrees', 'x'), { recursive: true });
    writeFileSync(join(base, 'victim', '.git', 'worktrees', 'x', 'commondir'), '../..\n');
    writeFileSync(join(base, 'victim', '.git', 'worktrees', 'x', 'gitdir'), '/somewhere/else/.git\n');
    const attacker = join(base, 'attacker');
    mkdirSync(attacker);
    writeFileSync(join(attacker, '.git'), `gitdir: ${join(base, 'victim', '.git', 'worktrees', 'x')}\n`);
    expect(findCanonicalGitRoot(attacker)).toBe(attacker);
  });

  it('overrides: the cowork env var, then a settings path (with ~/), each validated', () => {
    const home = tempDir();
    expect(autoMemoryDir({ projectRoot: home, home, env: { CLAUDE_COWORK_MEMORY_PATH_OVERRIDE: '/srv/memory/' } })).toBe('/srv/memory');
    expect(autoMemoryDir({ projectRoot: home, home, env: {}, settingsOverride: '~/notes/mem' })).toBe(join(home, 'notes', 'mem'));
    for (const bad of ['~', '~/', 'relative/path', '/a', '//server/share', 'C:', '/ok\0no'])
      expect(validateMemoryPath(bad, home), bad).toBeNull();
    expect(
      autoMemoryDir({ projectRoot: join(home, 'p'), home, env: { CLAUDE_CONFIG_DIR: join(home, 'c') }, settingsOverride: 'relative' }),
    ).toBe(join(home, 'c', 'projects', sanitizePath(join(home, 'p')), 'memory'));
  });

  it('agent memory in user, project and local scopes', () => {
    const env = { CLAUDE_CONFIG_DIR: '/home/dev/.claude' };
    expect(agentMemoryDir('user', 'plugin:reviewer', { cwd: '/home/dev/app', env })).toBe('/home/dev/.claude/agent-memory/plugin-reviewer');
    expect(agentMemoryDir('project', 'reviewer', { cwd: '/home/dev/app', env })).toBe('/home/dev/app/.claude/agent-memory/reviewer');
    expect(agentMemoryDir('local', 'reviewer', { cwd: '/home/dev/app', env })).toBe('/home/dev/app/.claude/agent-memory-local/reviewer');
    expect(agentMemoryDir('local', 'reviewer', { cwd: '/home/dev/app', env: { CLAUDE_CODE_REMOTE_MEMORY_DIR: '/mnt/mem' } })).toBe(
      `/mnt/mem/projects/${sanitizePath('/home/dev/app')}/agent-memory-local/reviewer`,
    );
  });
});
