import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const ACME = '-home-dev-acme-shop';
const UNREADABLE = '00000000-0000-4000-8000-0000000dead1';

/** Another agent's rollout (Codex): JSON lines whose `type` Claude Code never writes. */
const codexRollout = [0, 1, 2, 3, 4]
  .map((i) =>
    JSON.stringify({
      timestamp: `2025-09-01T10:00:0${i}Z`,
      type: 'response_item',
      payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `Always use tabs, never spaces ${i}` }] },
    }),
  )
  .join('\n');

/**
 * The four demo sessions, a session whose read fails (EACCES from open, by test/support/failFs.ts:
 * a link to nothing is no session, decision 111) and a Codex rollout among them.
 */
function projects(): { root: string; unreadable: string; codex: string } {
  const root = join(tempDir(), 'projects');
  cpSync(demoProjects, root, { recursive: true });
  const unreadable = join(root, ACME, `${UNREADABLE}.jsonl`);
  writeFileSync(unreadable, '');
  const codex = join(root, ACME, 'codex-rollout.jsonl');
  writeFileSync(codex, `${codexRollout}\n`);
  return { root, unreadable, codex };
}

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

describe("memlog extract's summary counts each session once, by what became of it", () => {
  it.each([[[]], [['--per-turn']]])(
    'extract %j: a session that failed is not "nothing new", and a file of another tool is said to be one',
    (mode: string[]) => {
      const p = projects();
      const out = join(tempDir(), 'memlog-out');
      const args = ['extract', p.root, '--out', out, '--model', 'offline', ...mode];
      const failFs = [{ path: p.unreadable, code: 'EACCES' }] as const;
      const first = runCli(args, { failFs });
      expect(first.stderr).not.toMatch(/^ {4}at /m);
      expect(first.status).toBe(1);
      expect(firstLine(first.stdout)).toBe(
        'memlog extract: 2 project(s), 6 session(s): 4 processed, 0 with nothing new, 1 failed, 1 not a Claude Code transcript',
      );
      expect(first.stdout).toContain(
        `  1 file(s) hold no Claude Code entry (not Claude Code transcripts), left out:\n    ${p.codex} (memlog inspect lists its kinds)`,
      );
      expect(first.stderr).toMatch(new RegExp(`\\] ${p.codex}: not a Claude Code transcript \\(no line is a Claude Code entry\\)\n`));

      const again = runCli(args, { failFs });
      expect(firstLine(again.stdout)).toBe(
        'memlog extract: 2 project(s), 6 session(s): 0 processed, 4 with nothing new, 1 failed, 1 not a Claude Code transcript',
      );
    },
  );

  it('a session holding only a summary line has no conversation to read, said as such, not "nothing new" (decision 114)', () => {
    const root = join(tempDir(), 'projects');
    cpSync(demoProjects, root, { recursive: true });
    const summaryOnly = join(root, ACME, '00000000-0000-4000-8000-00000000500e.jsonl');
    writeFileSync(summaryOnly, `${JSON.stringify({ type: 'summary', summary: 'Fixing the login', leafUuid: 'gone' })}\n`);
    const args = ['extract', root, '--out', join(tempDir(), 'memlog-out'), '--model', 'offline'];
    const first = runCli(args);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      new RegExp(`\\] ${summaryOnly}: no conversation to read \\(no message in it, only lines such as a summary\\)\n`),
    );
    expect(first.stderr).not.toContain('0 chunk(s) read before');
    expect(firstLine(first.stdout)).toBe(
      'memlog extract: 2 project(s), 5 session(s): 4 processed, 0 with nothing new, 1 with no conversation',
    );
    const again = runCli(args);
    expect(firstLine(again.stdout)).toBe(
      'memlog extract: 2 project(s), 5 session(s): 0 processed, 4 with nothing new, 1 with no conversation',
    );
  });

  it('--json marks the file of another tool', () => {
    const p = projects();
    const result = runCli(['extract', p.root, '--out', join(tempDir(), 'out'), '--model', 'offline', '--json']);
    const report = JSON.parse(result.stdout) as { sessions: Array<{ session: string; notClaudeCode?: boolean }> };
    expect(report.sessions.filter((s) => s.notClaudeCode === true).map((s) => s.session)).toEqual([p.codex]);
  });

  it('memlog inspect gives the file of another tool a not_claude_code diagnostic, and a transcript none', () => {
    const p = projects();
    const text = runCli(['inspect', p.codex, '--no-catalog']);
    expect(text.stdout).toContain(
      '  diagnostics 1\n    line 1 (byte 0): not_claude_code: no line is a Claude Code entry (5 entries of kind response_item): not a Claude Code transcript',
    );
    const json = runCli(['inspect', join(p.root, ACME, '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl'), '--json', '--no-catalog']);
    expect((JSON.parse(json.stdout) as { diagnostics: unknown[] }).diagnostics).toEqual([]);
  });
});
