import { describe, expect, it } from 'vitest';
import { findProjectMemory } from '../../../src/memory/durable/index.js';

const CLAUDE_CODE = '/users/me/.claude/projects/-users-me-app/memory';
const roots = { extractOut: '/srv/app/memlog-out', projectsFolders: ['/data/projects', '/users/me/.claude/projects'] };
const folders =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('findProjectMemory', () => {
  it("takes extract's output first, even when the project's own folder and Claude Code's are there too", () => {
    const there = folders('/srv/app/memlog-out/-users-me-app/memory', '/data/projects/-users-me-app/memory', CLAUDE_CODE);
    expect(findProjectMemory('-users-me-app', roots, CLAUDE_CODE, there)).toEqual({ dir: '/srv/app/memlog-out/-users-me-app/memory' });
  });

  it('goes on to the projects folders in the order given, then Claude Code’s', () => {
    expect(findProjectMemory('-users-me-app', roots, CLAUDE_CODE, folders('/data/projects/-users-me-app/memory', CLAUDE_CODE))).toEqual({
      dir: '/data/projects/-users-me-app/memory',
    });
    expect(findProjectMemory('-users-me-app', roots, CLAUDE_CODE, folders(CLAUDE_CODE))).toEqual({ dir: CLAUDE_CODE });
  });

  it("with none there, answers Claude Code's folder and every place looked in, each once", () => {
    expect(findProjectMemory('-users-me-app', roots, CLAUDE_CODE, folders())).toEqual({
      dir: CLAUDE_CODE,
      lookedIn: ['/srv/app/memlog-out/-users-me-app/memory', '/data/projects/-users-me-app/memory', CLAUDE_CODE],
    });
  });

  it('without an output folder, starts at the projects folders', () => {
    expect(findProjectMemory('-users-me-app', { projectsFolders: ['/data/projects'] }, CLAUDE_CODE, folders()).lookedIn).toEqual([
      '/data/projects/-users-me-app/memory',
      CLAUDE_CODE,
    ]);
  });
});
