import { describe, expect, it } from 'vitest';
import { claudeConfigHome } from '../../src/index.js';
import {
  agentTranscriptPath,
  findProjectDirName,
  isSessionFileName,
  projectDir,
  sanitizePath,
  sessionMemoryPath,
} from '../../src/transcript/index.js';

describe('Claude Code paths', () => {
  it('turns every character outside [A-Za-z0-9] into "-", dots, underscores and non-ASCII included', () => {
    expect(sanitizePath('/Users/a/my_proj')).toBe('-Users-a-my-proj');
    expect(sanitizePath('/home/dev/café.v2 x')).toBe('-home-dev-caf--v2-x');
  });

  it('cuts names over 200 characters and adds "-" and a base-36 djb2 hash of the original', () => {
    const long = `/${'a'.repeat(250)}`;
    const name = sanitizePath(long);
    expect(name).toMatch(/^-a{199}-[0-9a-z]+$/);
    expect(name.slice(0, 200)).toBe(`-${'a'.repeat(199)}`);
    expect(sanitizePath(`${long}b`)).not.toBe(name);
    expect(sanitizePath('/x'.repeat(100))).toHaveLength(200);
  });

  it('finds a long project folder by its 200-character prefix, since the CLI hashes differently', () => {
    const long = `/${'a'.repeat(250)}`;
    expect(findProjectDirName(long, [`${sanitizePath(long).slice(0, 200)}-bunhash`])).toBe(`${sanitizePath(long).slice(0, 200)}-bunhash`);
    expect(findProjectDirName('/short', ['-short'])).toBe('-short');
    expect(findProjectDirName('/short', ['-other'])).toBeUndefined();
  });

  it('uses CLAUDE_CONFIG_DIR, else ~/.claude', () => {
    expect(claudeConfigHome({ CLAUDE_CONFIG_DIR: 'cfg' }, 'home')).toBe('cfg');
    expect(claudeConfigHome({}, 'home')).toBe('home/.claude');
    expect(claudeConfigHome({ CLAUDE_CONFIG_DIR: '' }, 'home')).toBe('home/.claude');
  });

  it('lays out project, subagent and session-memory paths', () => {
    const project = projectDir('cfg', '/home/dev/shop');
    expect(project).toBe('cfg/projects/-home-dev-shop');
    expect(agentTranscriptPath(project, 's1', 'a0123456789abcdef')).toBe(
      'cfg/projects/-home-dev-shop/s1/subagents/agent-a0123456789abcdef.jsonl',
    );
    expect(agentTranscriptPath(project, 's1', 'a1', 'workflows/r1')).toBe(
      'cfg/projects/-home-dev-shop/s1/subagents/workflows/r1/agent-a1.jsonl',
    );
    expect(sessionMemoryPath(project, 's1')).toBe('cfg/projects/-home-dev-shop/s1/session-memory/summary.md');
  });

  it('rejects ids that would escape the project folder', () => {
    for (const bad of ['..', '../x', 'a/b', '', 'a\u0000b']) expect(() => agentTranscriptPath('p', 's', bad)).toThrow(/unsafe agent id/);
    expect(() => agentTranscriptPath('p', '../s', 'a1')).toThrow(/unsafe session id/);
  });

  it('lists only UUID-named files as sessions', () => {
    expect(isSessionFileName('0cabab22-33aa-42ba-948f-fcaec9db5004.jsonl')).toBe(true);
    expect(isSessionFileName('full.jsonl')).toBe(false);
  });
});
