import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sanitizePath } from '../../src/transcript/claudePaths.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const DEMO_SESSION = join(demoProjects, '-home-dev-notes-cli', 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl');

/** The demo notes-cli session as if it ran in `cwd`, under Claude Code's project folder for `cwd`. */
function sessionIn(config: string, cwd: string, sessionId: string): void {
  const project = join(config, 'projects', sanitizePath(cwd));
  mkdirSync(project, { recursive: true });
  const lines = readFileSync(DEMO_SESSION, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify({ ...entry, ...('cwd' in entry ? { cwd } : {}), ...('sessionId' in entry ? { sessionId } : {}) });
    });
  writeFileSync(join(project, `${sessionId}.jsonl`), `${lines.join('\n')}\n`);
}

/** A git repository and a subfolder of it, each with a session: Claude Code gives both the repository's memory directory. */
function repoAndSubfolder(): { config: string; home: string } {
  const base = tempDir();
  const repo = join(base, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'sub'), { recursive: true });
  const config = join(base, 'config');
  sessionIn(config, repo, '00000000-0000-4000-8000-00000000000a');
  sessionIn(config, join(repo, 'sub'), '00000000-0000-4000-8000-00000000000b');
  return { config, home: join(base, 'home') };
}

describe('extract --into-claude over two project folders that share one memory directory', () => {
  it.each([[[]], [['--per-turn']]])('extract %j works on both, one after the other, and leaves neither for the next run', (mode) => {
    const { config, home } = repoAndSubfolder();
    const args = ['extract', '--into-claude', '--model', 'offline', '--no-catalog', ...mode];
    const env = { CLAUDE_CONFIG_DIR: config, HOME: home };
    const first = runCli(args, { env, cwd: tempDir() });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.split('\n')[0]).toMatch(/^memlog extract: 2 project\(s\), 2 session\(s\): 2 processed/);
    expect(`${first.stdout}${first.stderr}`).not.toContain('left for the next');
    expect(`${first.stdout}${first.stderr}`).not.toContain('another memlog extract');

    const again = runCli(args, { env, cwd: tempDir() });
    expect(again.status, again.stderr).toBe(0);
    expect(`${again.stdout}${again.stderr}`).not.toContain('left for the next');
  });
});
