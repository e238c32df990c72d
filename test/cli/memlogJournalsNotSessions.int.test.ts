import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const PROJECT = '-home-dev-notes-cli';
const OFFLINE = { ANTHROPIC_API_KEY: '', MEMLOG_CLAUDE_BIN: 'no-such-claude' };

/** A projects folder with the demo notes-cli project, after one `extract --into-claude` wrote memlog's journal into it. */
function extractedIntoClaude(): { root: string; env: NodeJS.ProcessEnv; sessions: number } {
  const root = join(tempDir(), 'projects');
  mkdirSync(root);
  cpSync(join(demoProjects, PROJECT), join(root, PROJECT), { recursive: true });
  const sessions = readdirSync(join(root, PROJECT)).filter((name) => name.endsWith('.jsonl')).length;
  const env = { ...OFFLINE, HOME: tempDir(), CLAUDE_CONFIG_DIR: '' };
  const first = runCli(['extract', root, '--model', 'offline', '--into-claude', '--no-catalog'], { env, cwd: tempDir() });
  expect(first.status, first.stderr).toBe(0);
  return { root, env, sessions };
}

// Decision 111, amended: memlog's own files in a project folder are ours, left out by name and never said to be skipped.
describe("memlog's own journal in a project folder is not a session", () => {
  it('the next extract, report, inspect and search neither count it nor name it', () => {
    const { root, env, sessions } = extractedIntoClaude();
    const journal = join(root, PROJECT, '.memory.memlog-consolidation.jsonl');
    expect(existsSync(journal)).toBe(true);

    const again = runCli(['extract', root, '--model', 'offline', '--into-claude', '--no-catalog', '--json'], { env, cwd: tempDir() });
    expect(again.status, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as { found: unknown }).found).toEqual({ projects: 1, sessions });
    expect(again.stderr).not.toContain('memlog-consolidation');

    const report = runCli(['report', root, '--json'], { env });
    expect(report.status, report.stderr).toBe(0);
    const rows = (JSON.parse(report.stdout) as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(sessions);
    expect(report.stdout).not.toContain('memlog-consolidation');

    for (const args of [
      ['inspect', root, '--json', '--no-catalog'],
      ['search', 'notes', root, '--json', '--index', join(tempDir(), 'i.db')],
    ]) {
      const result = runCli(args, { env });
      expect(result.status, result.stderr).toBe(0);
      expect(`${result.stdout}${result.stderr}`).not.toContain('memlog-consolidation');
    }
  });
});
