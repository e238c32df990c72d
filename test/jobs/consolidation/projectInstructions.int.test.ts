import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemlogError } from '../../../src/errors.js';
import { projectInstructions } from '../../../src/jobs/consolidation/projectInstructions.js';
import { userEntry } from '../../../src/testing/entryBuilders.js';
import { tempDir } from '../../support/tempDir.js';

const SESSION_A = '11111111-1111-4111-8111-111111111111';
const SESSION_B = '22222222-2222-4222-8222-222222222222';

/** A session transcript in a project folder, recording `cwd`, last touched at `at`. */
function session(projectDir: string, id: string, cwd: string, at: Date): void {
  const path = join(projectDir, `${id}.jsonl`);
  writeFileSync(path, `${JSON.stringify({ ...userEntry('u1', 'hello there'), cwd, sessionId: id })}\n`);
  utimesSync(path, at, at);
}

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

describe('projectInstructions', () => {
  it("reads the CLAUDE.md files Claude Code loads for the newest session's working directory, numbered as on disk", () => {
    const root = tempDir();
    const repo = join(root, 'work', 'shop');
    const old = join(root, 'work', 'old-shop');
    write(join(root, 'work', 'CLAUDE.md'), 'Write commit messages in English.\n');
    write(join(repo, 'CLAUDE.md'), '# Shop\n\n- Use 2-space indentation.\n@docs/more.md\n');
    write(join(repo, 'docs', 'more.md'), 'Deploys need a review.\n');
    write(join(repo, '.claude', 'rules', 'git.md'), '---\ndescription: git\n---\nNever commit directly to main.\n');
    write(join(repo, '.claude', 'rules', 'tests.md'), '---\npaths: test/**\n---\nTests use vitest.\n');
    write(join(repo, 'CLAUDE.local.md'), 'My staging port is 9090.\n');
    write(join(old, 'CLAUDE.md'), 'Use tabs.\n');
    const projectDir = join(root, 'projects', '-work-shop');
    mkdirSync(projectDir, { recursive: true });
    session(projectDir, SESSION_A, old, new Date('2026-01-01T00:00:00Z'));
    session(projectDir, SESSION_B, repo, new Date('2026-02-01T00:00:00Z'));
    writeFileSync(join(projectDir, 'notes.jsonl'), '{"not":"a session"}\n');

    const found = projectInstructions({ sessionsDir: projectDir });
    expect(found.cwd).toBe(repo);
    expect(found.instructions).toEqual([
      { file: join(root, 'work', 'CLAUDE.md'), line: 1, text: 'Write commit messages in English.' },
      { file: 'CLAUDE.md', line: 3, text: 'Use 2-space indentation.' },
      { file: 'docs/more.md', line: 1, text: 'Deploys need a review.' },
      { file: '.claude/rules/git.md', line: 4, text: 'Never commit directly to main.' },
      { file: 'CLAUDE.local.md', line: 1, text: 'My staging port is 9090.' },
    ]);
    // The conditional rule applies only to the files it names: not a rule for the whole project.
    expect(found.files).toHaveLength(5);
  });

  it('adds the files named, once each, and finds nothing to read when no session says where the project is', () => {
    const root = tempDir();
    const named = join(root, 'CLAUDE.md');
    write(named, '- Never commit directly to main.\n');
    const none = projectInstructions({ sessionsDir: join(root, 'no-sessions'), named: [named, named] });
    expect(none.cwd).toBeNull();
    expect(none.instructions).toEqual([{ file: named, line: 1, text: 'Never commit directly to main.' }]);

    const gone = join(root, 'projects', '-gone');
    mkdirSync(gone, { recursive: true });
    session(gone, SESSION_A, join(root, 'not-on-this-machine'), new Date());
    expect(projectInstructions({ sessionsDir: gone })).toEqual({ instructions: [], files: [], cwd: null });
  });

  it('refuses a named file it cannot read: checking against nothing would read as "no contradictions"', () => {
    const missing = join(tempDir(), 'CLAUDE.md');
    expect(() => projectInstructions({ sessionsDir: tempDir(), named: [missing] })).toThrow(MemlogError);
    expect(() => projectInstructions({ sessionsDir: tempDir(), named: [missing] })).toThrow(/cannot read this CLAUDE\.md \(missing\)/);
  });
});
