import { describe, expect, it } from 'vitest';
import { extractedNameOf, extractedProjectName, findProjectMemory } from '../../../src/memory/durable/index.js';

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

describe("extract's name for a project in its output folder", () => {
  const out = '/srv/out';
  it('is the longest tail of the project folder whose effects/ holds the session’s effect log', () => {
    const there = folders('/srv/out/-app/effects/s1.memlog.jsonl', '/srv/out/old__-app/effects/s1.memlog.jsonl');
    expect(extractedProjectName(out, '/data/tree/old/-app', '/data/tree/old/-app/s1.jsonl', there)).toBe('old__-app');
    expect(extractedProjectName(out, '/data/tree/-app', '/data/tree/-app/s1.jsonl', there)).toBe('-app');
  });

  it('is undefined when extract left no effect log for the session, whatever folders are there', () => {
    expect(extractedProjectName(out, '/data/tree/-app', '/data/tree/-app/s2.jsonl', folders('/srv/out/-app/memory'))).toBeUndefined();
  });

  it('by name alone: the folder named so, else the one ending in __<name> that holds memory', () => {
    const memory = folders('/srv/out/projects__-app/memory', '/srv/out/old__-lib/memory', '/srv/out/new__-lib/memory');
    expect(extractedNameOf(out, '-app', ['-app', 'projects__-app'], memory)).toBe('-app');
    expect(extractedNameOf(out, '-app', ['projects__-app', 'my-app'], memory)).toBe('projects__-app');
    expect(extractedNameOf(out, '-lib', ['old__-lib', 'new__-lib'], memory)).toBeUndefined();
    expect(extractedNameOf(out, '-app', ['projects__-app-2'], memory)).toBeUndefined();
  });

  it('is looked in first under that name, and the projects folders under the project’s own', () => {
    const there = folders('/data/projects/-users-me-app/memory');
    expect(findProjectMemory('-users-me-app', { ...roots, extractName: 'x__-users-me-app' }, CLAUDE_CODE, there)).toEqual({
      dir: '/data/projects/-users-me-app/memory',
    });
    expect(findProjectMemory('-users-me-app', { ...roots, extractName: 'x__-users-me-app' }, CLAUDE_CODE, folders()).lookedIn?.[0]).toBe(
      '/srv/app/memlog-out/x__-users-me-app/memory',
    );
  });
});
