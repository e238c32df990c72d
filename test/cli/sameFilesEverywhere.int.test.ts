import { copyFileSync, cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { inspectSkippedLine, reportRows } from '../support/unreadableJson.js';

const ACME = '-home-dev-acme-shop';
const NOTES = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';
const FIX_TESTS = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const NESTED = '-home-dev-templates__00__346db30382__0';

/**
 * A projects folder as a person may have one: Claude Code's own layout (acme-shop, with a
 * subagent), a project folder that is a symbolic link, a symlinked transcript, a link loop, a
 * dangling link, and a session three folders below its project.
 */
function tree() {
  const top = tempDir();
  const root = join(top, 'projects');
  mkdirSync(root);
  cpSync(join(demoProjects, ACME), join(root, ACME), { recursive: true });
  const elsewhere = join(top, 'elsewhere');
  cpSync(join(demoProjects, '-home-dev-notes-cli'), join(elsewhere, '-home-dev-notes-cli'), { recursive: true });
  symlinkSync(join(elsewhere, '-home-dev-notes-cli'), join(root, '-home-dev-notes-cli'));
  const misc = join(root, '-home-dev-misc');
  mkdirSync(misc);
  copyFileSync(join(demoProjects, ACME, `${FIX_TESTS}.jsonl`), join(elsewhere, 'real.jsonl'));
  symlinkSync(join(elsewhere, 'real.jsonl'), join(misc, 'linked.jsonl'));
  symlinkSync(join(misc, 'loopB.jsonl'), join(misc, 'loopA.jsonl'));
  symlinkSync(join(misc, 'loopA.jsonl'), join(misc, 'loopB.jsonl'));
  symlinkSync(join(elsewhere, 'missing.jsonl'), join(misc, 'gone.jsonl'));
  const nested = join(root, '-home-dev-templates', '00', '346db30382', '0');
  mkdirSync(nested, { recursive: true });
  copyFileSync(join(demoProjects, '-home-dev-notes-cli', `${NOTES}.jsonl`), join(nested, 'full.jsonl'));
  return { top, root, misc, nested };
}

const SKIPPED = (misc: string): string[] => [
  `memlog: skipped ${join(misc, 'gone.jsonl')}: a link that points to nothing`,
  `memlog: skipped ${join(misc, 'loopA.jsonl')}: a link loop`,
  `memlog: skipped ${join(misc, 'loopB.jsonl')}: a link loop`,
];

const skippedLines = (stderr: string): string[] => stderr.split('\n').filter((line) => line.startsWith('memlog: skipped '));

// Decision 107: one discovery for every command. Links are followed, loops guarded by real path;
// a loop or a dangling link is named with its reason; nested folders are read alike and named alike.
describe('every command reads the same transcripts', () => {
  it('inspect reads a project folder holding only a symlinked transcript', () => {
    const t = tree();
    const only = join(t.top, 'only');
    mkdirSync(only);
    symlinkSync(join(t.top, 'elsewhere', 'real.jsonl'), join(only, 'linked.jsonl'));
    const result = runCli(['inspect', only, '--json', '--no-catalog']);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain('no .jsonl transcripts found');
    expect((JSON.parse(result.stdout) as { file: string }).file).toBe(join(only, 'linked.jsonl'));
  });

  it('inspect, search, report --usage and archive read the links and the nested session, and name the loop and the dangling link', () => {
    const t = tree();
    const sessions = [
      join(t.root, ACME, '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl'),
      join(t.root, ACME, '7f26641c-f5f5-4490-80f6-02093c4c460a.jsonl'),
      join(t.root, ACME, '7f26641c-f5f5-4490-80f6-02093c4c460a', 'subagents', 'agent-a2e6a9c6df1616842.jsonl'),
      join(t.root, ACME, `${FIX_TESTS}.jsonl`),
      join(t.misc, 'linked.jsonl'),
      join(t.root, '-home-dev-notes-cli', `${NOTES}.jsonl`),
      join(t.nested, 'full.jsonl'),
    ].sort();

    const inspect = runCli(['inspect', t.root, '--json', '--no-catalog']);
    expect(inspect.status).toBe(1);
    const rows = inspect.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; error?: string });
    expect(rows.filter((row) => row.error === undefined).map((row) => row.file)).toEqual(sessions);
    expect(rows.filter((row) => row.error !== undefined).map((row) => JSON.stringify(row))).toEqual([
      inspectSkippedLine(join(t.misc, 'gone.jsonl'), 'a link that points to nothing'),
      inspectSkippedLine(join(t.misc, 'loopA.jsonl'), 'a link loop'),
      inspectSkippedLine(join(t.misc, 'loopB.jsonl'), 'a link loop'),
    ]);
    const text = runCli(['inspect', t.root, '--no-catalog']);
    expect(text.stderr).toContain('10 transcripts, 0 with diagnostics, 3 could not be read');

    const search = runCli(['search', 'pnpm', t.root, '--index', join(t.top, 'index.db'), '--json']);
    expect(search.status).toBe(1);
    expect(skippedLines(search.stderr)).toEqual(SKIPPED(t.misc));
    const found = JSON.parse(search.stdout) as { hits: { project: string; session: string }[]; index: { files: number } };
    expect(found.index.files).toBe(sessions.length);
    expect(new Set(found.hits.map((hit) => `${hit.project} ${hit.session}`))).toContain('-home-dev-misc linked');
    const nested = JSON.parse(
      runCli(['search', 'argparse', t.root, '--index', join(t.top, 'index.db'), '--json', '--project', NESTED]).stdout,
    ) as { hits: { session: string }[] };
    expect(nested.hits.map((hit) => hit.session)).toContain('full');

    const usage = runCli(['report', t.root, '--usage', '--by', 'project', '--json', '--no-catalog']);
    expect(usage.status).toBe(1);
    expect(skippedLines(usage.stderr)).toEqual(SKIPPED(t.misc));
    const keys = (JSON.parse(usage.stdout) as { rows: { key: string }[] }).rows.map((row) => row.key);
    // The linked and the nested session are copies of acme-shop's and notes-cli's: their responses are counted once,
    // in the file that sorts first when the times tie (decision 109); read alone, each folder's row is there.
    expect(keys).toEqual([ACME, '-home-dev-notes-cli']);
    for (const [folder, key] of [
      [t.misc, '-home-dev-misc'],
      // named below the folder given, as every command names a project (decision 107)
      [join(t.root, '-home-dev-templates'), '00__346db30382__0'],
    ] as const) {
      const alone = runCli(['report', folder, '--usage', '--by', 'project', '--json', '--no-catalog']);
      expect((JSON.parse(alone.stdout) as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual([key]);
    }

    const archive = runCli(['archive', '--to', join(t.top, 'archive'), '--config-dir', t.top, '--json']);
    expect(archive.status).toBe(1);
    const report = JSON.parse(archive.stdout) as { outcomes: { added: number }; unreadable: { key: string; reason: string }[] };
    expect(report.unreadable).toEqual([
      { key: '-home-dev-misc/gone.jsonl', reason: 'a link that points to nothing' },
      { key: '-home-dev-misc/loopA.jsonl', reason: 'a link loop' },
      { key: '-home-dev-misc/loopB.jsonl', reason: 'a link loop' },
    ]);
    const archived = runCli([
      'search',
      'argparse',
      join(t.top, 'archive'),
      '--index',
      join(t.top, 'archived.db'),
      '--json',
      '--project',
      NESTED,
    ]);
    expect((JSON.parse(archived.stdout) as { hits: { session: string }[] }).hits.map((hit) => hit.session)).toContain('full');
    const sessionsListed = runCli(['archive', 'list', '--archive', join(t.top, 'archive'), '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { project: string; session: string; files: number });
    expect(sessionsListed.map(({ project, session, files }) => `${project} ${session} ${files}`)).toEqual([
      `${ACME} 4a2030a7-b5cb-49a2-b41c-016deb5688ff 1`,
      `${ACME} 7f26641c-f5f5-4490-80f6-02093c4c460a 3`,
      `${ACME} ${FIX_TESTS} 1`,
      '-home-dev-misc linked 1',
      `-home-dev-notes-cli ${NOTES} 1`,
      `${NESTED} full 1`,
    ]);
    const listed = runCli(['archive', 'restore', '--all', '--archive', join(t.top, 'archive'), '--to', join(t.top, 'restored')]);
    expect(listed.status).toBe(0);
    expect(readdirSync(join(t.top, 'restored', '-home-dev-templates', '00', '346db30382', '0'))).toEqual(['full.jsonl']);
    expect(readdirSync(join(t.top, 'restored', '-home-dev-misc'))).toEqual(['linked.jsonl']);
    expect(readdirSync(join(t.top, 'restored', '-home-dev-notes-cli'))).toEqual([`${NOTES}.jsonl`]);
  });

  it('audit reads a symlinked transcript and names the loop and the dangling link', () => {
    const t = tree();
    const result = runCli(['audit', t.misc, '--json']);
    expect(result.status).toBe(1);
    expect(skippedLines(result.stderr)).toEqual(SKIPPED(t.misc));
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file?: string; error?: string; path?: string; reason?: string });
    const audits = lines.filter((line) => line.reason === undefined);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.error).toBeUndefined();
    // Each path the walk could not read is a line of its own too, as in inspect --json (decision 115).
    expect(lines.filter((line) => line.reason !== undefined).map(({ path, reason }) => `memlog: skipped ${path}: ${reason}`)).toEqual(
      SKIPPED(t.misc),
    );
  });

  it("search names a file's project from the folder searched, in an index shared with earlier searches from elsewhere", () => {
    const t = tree();
    const index = join(t.top, 'index.db');
    const projectsOf = (root: string): string[] => {
      const result = runCli(['search', 'argparse', root, '--index', index, '--json']);
      return (JSON.parse(result.stdout) as { hits: { project: string }[] }).hits.map((hit) => hit.project);
    };
    expect(new Set(projectsOf(join(t.root, '-home-dev-templates')))).toEqual(new Set(['00__346db30382__0']));
    expect(new Set(projectsOf(t.root))).toEqual(new Set(['-home-dev-notes-cli', NESTED]));
  });

  it('report and extract name the nested project as search and report --usage do, and the loop and the dangling link as inspect does', () => {
    const t = tree();
    const report = runCli(['report', t.root, '--json']);
    expect(report.status).toBe(1);
    expect(skippedLines(report.stderr)).toEqual(SKIPPED(t.misc));
    const rows = reportRows<{ project: string; session: string; error: string | null }>(report.stdout);
    expect(rows.find((row) => row.session === 'full')?.project).toBe(NESTED);
    // Not sessions that failed (decision 111): no row, no error.
    expect(rows.filter((row) => row.error !== null || row.session.startsWith('loop') || row.session === 'gone')).toEqual([]);
    const out = join(t.top, 'out');
    const extract = runCli(['extract', t.root, '--out', out, '--model', 'offline']);
    expect(extract.status).toBe(1);
    expect(skippedLines(extract.stderr)).toEqual(SKIPPED(t.misc));
    expect(extract.stdout).not.toContain('failed');
    expect(extract.stdout).toContain('  3 paths skipped, not read (each named on stderr with why)\n');
    expect(readdirSync(out)).toContain(NESTED);
  });
});
