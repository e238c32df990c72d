import { readdirSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { reportRows } from '../support/unreadableJson.js';

const compacted = join(demoProjects, '-home-dev-acme-shop', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');

describe('memlog replay --html', () => {
  it('writes one self-contained page, byte-identical on every run, naming no host path', () => {
    const dir = tempDir();
    const first = runCli(['replay', compacted, '--html', join(dir, 'a.html')]);
    const second = runCli(['replay', compacted, '--html', join(dir, 'b.html')]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/139 entries, 6 turns, \d+ markers/);
    const page = readFileSync(join(dir, 'a.html'), 'utf8');
    expect(page).toBe(readFileSync(join(dir, 'b.html'), 'utf8'));
    expect(second.status).toBe(0);
    expect(page).toContain('compaction due: 167,147 tokens ≥ autocompact threshold 167,000');
    expect(page).not.toContain(repoRoot);
    expect(page).not.toContain(dir);
  });

  it('does not go with --follow', () => {
    const result = runCli(['replay', compacted, '--html', join(tempDir(), 'x.html'), '--follow']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/does not go with --follow/);
  });
});

describe('memlog report', () => {
  it('prints a row per session; --json gives the totals', () => {
    // By default Claude Code's rules: the demo sessions were written by 2.1.332, which keeps no session notes.
    const text = runCli(['report', demoProjects]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/-home-dev-acme-shop\s+4a2030a7-b5cb-49a2-b41c-016deb5688ff\s+139\s+147\s+6\s+167,147\s+1\s+0/);
    expect(text.stdout).toMatch(/4 sessions$/m);
    expect(text.stdout).toMatch(/^policy claude-code: /m);
    const memlog = runCli(['report', demoProjects, '--policy', 'memlog']);
    expect(memlog.stdout).toMatch(/-home-dev-acme-shop\s+4a2030a7-b5cb-49a2-b41c-016deb5688ff\s+139\s+147\s+6\s+167,147\s+1\s+11/);
    expect(memlog.stdout).toMatch(/^policy memlog: /m);
    const json = runCli(['report', demoProjects, '--json']);
    const rows = reportRows<{ session: string; totals: { compactions: number } }>(json.stdout);
    expect(rows.map((r) => r.session)).toHaveLength(4);
    expect(rows.find((r) => r.session.startsWith('4a2030a7'))?.totals.compactions).toBe(1);
  });

  it('--html writes an index and a page per session with working relative links, the same bytes every time', () => {
    const dir = tempDir();
    const first = runCli(['report', demoProjects, '--html', join(dir, 'one', 'index.html')]);
    runCli(['report', demoProjects, '--html', join(dir, 'two', 'index.html')]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/: 4 session pages and an index\n$/);
    const index = readFileSync(join(dir, 'one', 'index.html'), 'utf8');
    const links = [...index.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link).toMatch(/^sessions\/[^/]+\.html$/);
      const page = readFileSync(join(dir, 'one', link), 'utf8');
      expect(page).toContain('href="../index.html"');
      expect(page).toBe(readFileSync(join(dir, 'two', link), 'utf8'));
    }
    expect(index).toBe(readFileSync(join(dir, 'two', 'index.html'), 'utf8'));
  });

  it("counts candidates from memlog extract's effect logs, and the memories its second phase wrote from each session (--out)", () => {
    const out = tempDir();
    expect(runCli(['extract', demoProjects, '--out', out, '--model', 'offline'], { env: { ANTHROPIC_API_KEY: '' } }).status).toBe(0);
    const rows = reportRows<{ effectLogs: number; totals: { memoriesWritten: number; candidatesFound: number } }>(
      runCli(['report', demoProjects, '--out', out, '--json']).stdout,
    );
    expect(rows.every((r) => r.effectLogs === 1)).toBe(true);
    // A session's log holds what was found in it; the memory files are written per project (phase 2),
    // and each counts for the sessions its consolidation cites.
    expect(rows.reduce((n, r) => n + r.totals.candidatesFound, 0)).toBe(6);
    const files = ['-home-dev-acme-shop', '-home-dev-notes-cli'].flatMap((project) =>
      readdirSync(join(out, project, 'memory')).filter((name) => name.endsWith('.md') && name !== 'MEMORY.md'),
    );
    expect(rows.reduce((n, r) => n + r.totals.memoriesWritten, 0)).toBe(files.length);
    expect(rows.every((r) => r.totals.memoriesWritten > 0)).toBe(true);
  });

  it("counts memories from memlog extract --per-turn's effect logs (--out)", () => {
    const out = tempDir();
    expect(
      runCli(['extract', demoProjects, '--out', out, '--model', 'offline', '--per-turn'], { env: { ANTHROPIC_API_KEY: '' } }).status,
    ).toBe(0);
    const rows = reportRows<{ effectLogs: number; totals: { memoriesWritten: number } }>(
      runCli(['report', demoProjects, '--out', out, '--json']).stdout,
    );
    expect(rows.every((r) => r.effectLogs === 1)).toBe(true);
    expect(rows.reduce((n, r) => n + r.totals.memoriesWritten, 0)).toBeGreaterThan(0);
  });

  it('a malformed transcript is drawn with its bad lines counted, not a crash', () => {
    const root = tempDir();
    const project = join(root, '-home-x');
    mkdirSync(project);
    copyFileSync(compacted, join(project, 'good.jsonl'));
    writeFileSync(
      join(project, 'bad.jsonl'),
      `${readFileSync(compacted, 'utf8').split('\n').slice(0, 20).join('\n')}\n{not json\n{"type":"user","message":\n`,
    );
    const result = runCli(['report', root, '--json']);
    expect(result.status).toBe(0);
    const rows = reportRows<{ session: string; diagnostics: number }>(result.stdout);
    expect(rows.find((r) => r.session === 'bad')?.diagnostics).toBe(2);
  });

  it('says clearly when the folder is missing or is a file', () => {
    const missing = runCli(['report', join(tempDir(), 'nope')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/memlog: no folder .*nope/);
    const file = runCli(['report', compacted]);
    expect(file.status).toBe(2);
    expect(file.stderr).toMatch(/is a file; memlog report takes a projects folder/);
    const out = runCli(['report', demoProjects, '--out', join(tempDir(), 'none')]);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/no output folder/);
  });

  it.runIf(hasShared)('draws every shared fixture session', () => {
    const index = join(tempDir(), 'index.html');
    const result = runCli(['report', sharedFixtures, '--html', index]);
    expect(result.status).toBe(0);
    const links = [...readFileSync(index, 'utf8').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(30);
    for (const link of links) expect(existsSync(join(dirname(index), link))).toBe(true);
  });
});
