import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackfillReport } from '../../src/index.js';
import { writeDailySession } from '../support/dailySessions.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const TIMEOUT_MS = 120_000;

/**
 * Ten sessions in a folder tree that is not Claude Code's layout: two at the root, others one,
 * two and three folders down, a folder that holds sessions and a folder below it that holds more;
 * beside them a session's own folder with a subagent, a subagent transcript and a pipe.
 */
function nestedTree(): { root: string; sessions: string[] } {
  const root = join(tempDir(), 'transcripts');
  const at = [root, root, 'team-a', 'team-a', 'team-a/api', 'team-a/api', 'team-b/2026/march', 'team-b/2026/march', 'team-b/2026', 'solo'];
  const sessions = at.map((dir, i) =>
    writeDailySession(dir === root ? root : join(root, dir), i + 1, [
      `Always run the linter in project ${i + 1} before you say you're done.`,
    ]),
  );
  // A session's own folder (named as its transcript): its subagents are not sessions of their own.
  const own = join(root, basename(sessions[0]!, '.jsonl'), 'subagents');
  mkdirSync(own, { recursive: true });
  writeFileSync(join(own, 'agent-a1b2c3.jsonl'), '');
  writeFileSync(join(root, 'team-a', 'agent-a9f8e7.jsonl'), '');
  execFileSync('mkfifo', [join(root, 'team-b', 'piped.jsonl')]);
  return { root, sessions };
}

describe('memlog extract over a nested folder tree', { timeout: 4 * TIMEOUT_MS }, () => {
  it('reads every transcript at any depth, one project per folder that holds transcripts, and names each file it skips and why', () => {
    const { root, sessions } = nestedTree();
    const out = tempDir();
    const run = runCli(['extract', root, '--out', out, '--model', 'offline', '--json'], { timeoutMs: TIMEOUT_MS });
    // The pipe could not be read: exit 1, as inspect's over the same tree (decision 111); nothing failed.
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as BackfillReport;
    expect(report.failedSessions).toBe(0);
    expect(report.sessions.map((s) => basename(s.session)).sort()).toEqual(sessions.map((s) => basename(s)).sort());
    expect(report.sessions.every((s) => s.error === undefined && s.chunks > 0)).toBe(true);
    expect(report.projects).toHaveLength(6);
    expect(run.stderr).toMatch(/^memlog: skipped \S*team-b\/piped\.jsonl: not a regular file/m);
    expect(run.stderr).toMatch(/^memlog: skipped \S*team-a\/agent-\*\.jsonl: 1 subagent transcript/m);
    // The session's own folder is part of that session: nothing in it is a project or a skip.
    expect(run.stderr).not.toContain('agent-a1b2c3');
  });
});
