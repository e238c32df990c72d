import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

/** A home whose Claude Code projects folder holds the demo projects, and an empty folder to work in. */
function setUp(): { projects: string; cwd: string; env: NodeJS.ProcessEnv } {
  const root = tempDir();
  const projects = join(root, 'home', '.claude', 'projects');
  cpSync(demoProjects, projects, { recursive: true });
  const cwd = join(root, 'work');
  mkdirSync(cwd);
  return { projects, cwd, env: { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: '' } };
}

describe('memlog report with no folder reads Claude Code’s projects folder, as extract does', () => {
  it('the rows are those of the projects folder named', () => {
    const { projects, cwd, env } = setUp();
    const bare = runCli(['report', '--json'], { cwd, env });
    expect(bare.status, bare.stderr).toBe(0);
    const named = runCli(['report', projects, '--json'], { cwd, env });
    expect(JSON.parse(bare.stdout)).toEqual(JSON.parse(named.stdout));
    expect(reportRows(bare.stdout).length).toBeGreaterThan(0);
  });

  it('--usage too', () => {
    const { projects, cwd, env } = setUp();
    const bare = runCli(['report', '--usage', '--json'], { cwd, env });
    expect(bare.status, bare.stderr).toBe(0);
    expect(bare.stdout).toBe(runCli(['report', projects, '--usage', '--json'], { cwd, env }).stdout);
  });

  it('an empty Claude Code folder is named in the error, not "missing required argument"', () => {
    const root = tempDir();
    mkdirSync(join(root, '.claude', 'projects'), { recursive: true });
    const result = runCli(['report', '--usage'], { cwd: root, env: { HOME: root, CLAUDE_CONFIG_DIR: '' } });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`memlog: no .jsonl transcripts under ${join(root, '.claude', 'projects')}\n`);
  });
});
