import { cpSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { unprivilegedUser } from '../support/unprivileged.js';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

const ACME = '-home-dev-acme-shop';
const UNREADABLE = '4a2030a7-b5cb-49a2-b41c-016deb5688ff';
const DANGLING = '00000000-0000-4000-8000-0000000dead1';

function projects(): { root: string; project: string; unreadable: string; out: string } {
  const root = join(tempDir(), 'projects');
  cpSync(demoProjects, root, { recursive: true });
  const project = join(root, ACME);
  return { root, project, unreadable: join(project, `${UNREADABLE}.jsonl`), out: join(tempDir(), 'memlog-out') };
}

interface ExtractJson {
  readonly sessions: ReadonlyArray<{ session: string; chunks: number; error?: string }>;
  readonly failedSessions: number;
}

// Tests run as root in CI, where a chmod 000 file is still readable: the read of one transcript
// is made to fail with EACCES by test/support/failFs.ts, which throws from open() in the child as
// the kernel would. A dangling symbolic link named like a session fails for real (ENOENT).
describe('one transcript that cannot be read does not stop the others', () => {
  it('extract names the dangling link as skipped, reports the file whose read fails as a failed session, processes the rest, and exits 1', () => {
    const p = projects();
    const dangling = join(p.project, `${DANGLING}.jsonl`);
    symlinkSync(join(p.project, 'gone.jsonl'), dangling);
    const result = runCli(['extract', p.root, '--out', p.out, '--model', 'offline', '--json'], {
      failFs: [{ path: p.unreadable, code: 'EACCES' }],
    });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(1);
    // A link to nothing is no session (decision 111): named on stderr and in `unreadable`, not failed.
    expect(result.stderr).toContain(`memlog: skipped ${dangling}: a link that points to nothing\n`);
    const report = JSON.parse(result.stdout) as ExtractJson & { unreadable: { path: string; reason: string }[] };
    expect(report.unreadable).toEqual([{ path: dangling, reason: 'a link that points to nothing' }]);
    expect(report.failedSessions).toBe(1);
    const failed = report.sessions.filter((s) => s.error !== undefined);
    expect(failed.map((s) => [s.session, s.error])).toEqual([[p.unreadable, `${p.unreadable}: permission denied`]]);
    // The other three sessions were read; the two notes-cli and acme sessions after the failed one too.
    expect(report.sessions.filter((s) => s.error === undefined && s.chunks > 0)).toHaveLength(3);
    expect(readdirSync(join(p.out, ACME, 'memory')).length).toBeGreaterThan(0);

    const text = runCli(['extract', p.root, '--out', join(tempDir(), 'again'), '--model', 'offline'], {
      failFs: [{ path: p.unreadable, code: 'EACCES' }],
    });
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('  1 path skipped, not read (each named on stderr with why)\n');
    expect(text.stdout).toContain(`1 session(s) could not be read:\n    ${p.unreadable}: permission denied`);
  });

  it('inspect of a folder reports it with its reason, goes on with the others, and exits 1', () => {
    const p = projects();
    const json = runCli(['inspect', p.root, '--json'], { failFs: [{ path: p.unreadable, code: 'EACCES' }] });
    expect(json.stderr).not.toMatch(/^ {4}at /m);
    expect(json.status).toBe(1);
    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; error?: string; entries?: number });
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.file === p.unreadable)).toEqual({ file: p.unreadable, error: `${p.unreadable}: permission denied` });
    expect(lines.filter((l) => l.error === undefined && (l.entries ?? 0) > 0)).toHaveLength(4);

    const text = runCli(['inspect', p.root], { failFs: [{ path: p.unreadable, code: 'EACCES' }] });
    expect(text.status).toBe(1);
    expect(text.stdout).toContain(`${p.unreadable}\n  error       cannot be read: permission denied`);
    expect(text.stderr).toContain('5 transcripts, 0 with diagnostics, 1 could not be read');
  });

  it('report names a dangling link on stderr, not as a session row, and exits 1', () => {
    const p = projects();
    const dangling = join(p.project, `${DANGLING}.jsonl`);
    symlinkSync(join(p.project, 'gone.jsonl'), dangling);
    const result = runCli(['report', p.root, '--json']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`memlog: skipped ${dangling}: a link that points to nothing\n`);
    const rows = reportRows<{ session: string; error: string | null }>(result.stdout);
    expect(rows.filter((r) => r.error !== null || r.session === DANGLING)).toEqual([]);
    expect(rows).toHaveLength(4);
    const text = runCli(['report', p.root]);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain('\n4 sessions; 1 path skipped, not read (each named on stderr with why)\n');
  });

  it('a real chmod 000 transcript (as root, read by an unprivileged child: root ignores permissions)', async () => {
    const { chmodSync } = await import('node:fs');
    const p = projects();
    chmodSync(p.unreadable, 0o000);
    const user = unprivilegedUser(p.project);
    const result = runCli(['inspect', p.root, '--json'], user === undefined ? {} : { user });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`"error":"${p.unreadable}: permission denied"`);
  });
});

// Decision 107: search, MCP search, `report --usage` and `archive` treat an unreadable transcript as
// inspect does: named on stderr (or in the answer), the others read, exit status 1.
describe('search, report --usage, archive and MCP search go on past an unreadable transcript', () => {
  it('search names it, still finds matches in the other sessions, and exits 1', () => {
    const p = projects();
    const index = join(tempDir(), 'index.db');
    const result = runCli(['search', 'pnpm', p.root, '--index', index, '--json'], { failFs: [{ path: p.unreadable, code: 'EACCES' }] });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`memlog: skipped ${p.unreadable}: permission denied`);
    const answer = JSON.parse(result.stdout) as { hits: { session: string }[]; index: { skipped: { path: string; reason: string }[] } };
    expect(answer.hits.length).toBeGreaterThan(0);
    expect(answer.hits.every((hit) => hit.session !== UNREADABLE)).toBe(true);
    expect(answer.index.skipped).toEqual([{ path: p.unreadable, project: ACME, session: UNREADABLE, reason: 'permission denied' }]);

    const text = runCli(['search', 'pnpm', p.root, '--index', join(tempDir(), 'text.db')], {
      failFs: [{ path: p.unreadable, code: 'EACCES' }],
    });
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/\d+ match(es)? over 5 session files \(4 read, 0 unchanged since the last search\), 1 skipped\n$/);
  });

  it('report --usage names it, prices the others, and exits 1', () => {
    const p = projects();
    const result = runCli(['report', p.root, '--usage', '--by', 'project', '--json'], { failFs: [{ path: p.unreadable, code: 'EACCES' }] });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`memlog: skipped ${p.unreadable}: permission denied`);
    expect(result.stderr).toContain('1 transcript(s) skipped');
    const report = JSON.parse(result.stdout) as { rows: { key: string }[]; total: { input: number } };
    expect(report.rows.map((row) => row.key)).toEqual([ACME, '-home-dev-notes-cli']);
    expect(report.total.input).toBeGreaterThan(0);
  });

  it('archive stores the other files, names it as skipped, and exits 1', () => {
    const p = projects();
    const archive = join(tempDir(), 'archive');
    const result = runCli(['archive', p.project, '--to', archive], { failFs: [{ path: p.unreadable, code: 'EACCES' }] });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`  skipped ${ACME}/${UNREADABLE}.jsonl: permission denied`);
    expect(result.stdout).toContain(' 5 file(s): 4 new, 0 grown, 0 rewritten (new version), 0 unchanged, 1 skipped\n');
    const listed = runCli(['archive', 'list', '--archive', archive, '--json']);
    expect(listed.stdout).not.toContain(UNREADABLE);
    expect(listed.stdout).toContain('a1eaaff9-3a09-471e-b457-360fb17ea04f');
  });

  it('MCP search_sessions answers from the other sessions and names the skipped one', async () => {
    const p = projects();
    const client = await connectMemlogMcp([p.root, '--index', join(tempDir(), 'index.db')], {
      failFs: [{ path: p.unreadable, code: 'EACCES' }],
    });
    try {
      const answer = await callTool(client, 'search_sessions', { query: 'pnpm' });
      expect(answer.isError).toBe(false);
      const parsed = JSON.parse(answer.text) as { hits: unknown[]; skipped: { project: string; session: string; reason: string }[] };
      expect(parsed.hits.length).toBeGreaterThan(0);
      expect(parsed.skipped).toEqual([{ project: ACME, session: UNREADABLE, reason: 'permission denied' }]);
    } finally {
      await client.close();
    }
  });
});
