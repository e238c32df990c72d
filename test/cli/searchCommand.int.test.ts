import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/runCli.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

const FIX_TESTS = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

interface Hit {
  session: string;
  seq: number;
  uuid: string;
  time: string;
  role: string;
  kind: string;
  snippet: string;
}
interface SearchJson {
  hits: Hit[];
  more: boolean;
  index: { files: number; unchanged: number; grown: number; read: number; bytesRead: number; entries: number };
}

function search(args: string[], index: string): SearchJson {
  const result = runCli(['search', ...args, '--index', index, '--json']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as SearchJson;
}

describe('memlog search over the demo projects', () => {
  it('names the session, the entry (seq and uuid), the time and a snippet with the match marked', () => {
    const index = join(tempDir(), 'index.db');
    const { hits } = search(['prefer pnpm', demoProjects], index);
    expect(hits).toContainEqual({
      session: FIX_TESTS,
      project: '-home-dev-acme-shop',
      seq: 48,
      uuid: 'fa8a5fcb-ebad-400c-8fea-0b7383f543d6',
      time: '2026-03-02T09:14:52.102Z',
      role: 'user',
      kind: 'text',
      path: join(demoProjects, '-home-dev-acme-shop', `${FIX_TESTS}.jsonl`),
      snippet: 'Remember that I «prefer» «pnpm» over npm for this project.',
    });
    const text = runCli(['search', 'prefer pnpm', demoProjects, '--index', index]);
    expect(text.stdout).toContain(
      `${FIX_TESTS}  #48  fa8a5fcb-ebad-400c-8fea-0b7383f543d6  2026-03-02T09:14:52.102Z  user  -home-dev-acme-shop`,
    );
    expect(text.stdout).toContain('  Remember that I «prefer» «pnpm» over npm for this project.');
  });

  it('filters by role, project, date range, and searches tool inputs and results only with --tools', () => {
    const index = join(tempDir(), 'index.db');
    const roles = search(['pnpm', demoProjects, '--role', 'user'], index).hits.map((h) => h.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles)).toEqual(new Set(['user']));
    expect(search(['pnpm', demoProjects, '--project', '-home-dev-notes-cli'], index).hits).toEqual([]);
    expect(search(['pnpm', demoProjects, '--project', '/home/dev/acme-shop'], index).hits.length).toBeGreaterThan(0);
    expect(search(['pnpm', demoProjects, '--until', '2026-03-01'], index).hits).toEqual([]);
    const sinceMarch4 = search(['pnpm', demoProjects, '--since', '2026-03-04'], index).hits;
    expect(sinceMarch4.length).toBeGreaterThan(0);
    expect(sinceMarch4.every((h) => h.time >= '2026-03-04')).toBe(true);
    expect(search(['cart.test.ts', demoProjects], index).hits.every((h) => h.kind === 'text')).toBe(true);
    expect(search(['cart.test.ts', demoProjects, '--tools'], index).hits.map((h) => h.kind)).toContain('tool_use');
  });

  it('a list the limit cut says so and how to see more; one that holds every match does not', () => {
    const index = join(tempDir(), 'index.db');
    const all = search(['pnpm', demoProjects], index).hits.length;
    expect(all).toBeGreaterThan(1);
    const cut = runCli(['search', 'pnpm', demoProjects, '--index', index, '--limit', String(all - 1)]);
    expect(cut.stdout).toMatch(
      new RegExp(`\\n${all - 1} best matches over 5 session files \\(.*\\); more match: --limit <n> shows up to 1000\\n$`),
    );
    const whole = runCli(['search', 'pnpm', demoProjects, '--index', index, '--limit', String(all)]);
    expect(whole.stdout).toMatch(new RegExp(`\\n${all} matches over 5 session files \\([^)]*\\)\\n$`));
    const json = search(['pnpm', demoProjects, '--limit', String(all - 1)], index);
    expect(json.hits).toHaveLength(all - 1);
    expect(json.more).toBe(true);
    expect(search(['pnpm', demoProjects, '--limit', String(all)], index).more).toBe(false);
  });

  it('a second search reads nothing but metadata; a session that grew is read from where the index stopped', () => {
    const root = tempDir();
    const project = join(root, '-home-dev-acme-shop');
    mkdirSync(project);
    const file = join(project, `${FIX_TESTS}.jsonl`);
    copyFileSync(join(demoProjects, '-home-dev-acme-shop', `${FIX_TESTS}.jsonl`), file);
    const index = join(root, 'index.db');
    const first = search(['pnpm', root], index);
    expect(first.index).toMatchObject({ files: 1, read: 1, unchanged: 0 });
    expect(search(['pnpm', root], index).index).toMatchObject({ files: 1, unchanged: 1, read: 0, grown: 0, bytesRead: 0 });
    const size = readFileSync(file).length;
    const planted = { ...(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!) as object) };
    appendFileSync(
      file,
      `${JSON.stringify({ ...planted, type: 'user', uuid: 'planted-uuid', message: { role: 'user', content: 'the zebrafish migration' } })}\n`,
    );
    const grown = search(['zebrafish', root], index);
    expect(grown.index).toMatchObject({ grown: 1, read: 0, entries: 1 });
    expect(grown.index.bytesRead).toBe(readFileSync(file).length - size);
    expect(grown.hits.map((h) => h.uuid)).toEqual(['planted-uuid']);
  });

  it('a bad date, a missing folder or a query of no words is a one-line error or an empty answer', () => {
    const index = join(tempDir(), 'index.db');
    const date = runCli(['search', 'x', demoProjects, '--index', index, '--since', 'yesterday']);
    expect(date.status).toBe(2);
    expect(date.stderr).toContain('--since "yesterday": expected a day (2026-03-04) or an ISO time');
    const missing = runCli(['search', 'x', join(tempDir(), 'nowhere'), '--index', index]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^memlog: no such file or folder: .*nowhere\n$/);
    expect(search(['"" ***', demoProjects], index).hits).toEqual([]);
  });

  it('a --since after the --until is a usage error; the same day, or a time within the --until day, is not', () => {
    const index = join(tempDir(), 'index.db');
    const reversed = runCli(['search', 'pnpm', demoProjects, '--index', index, '--since', '2026-03-05', '--until', '2026-03-01']);
    expect(reversed.status).toBe(2);
    expect(reversed.stderr).toMatch(/^error: --since 2026-03-05 is after --until 2026-03-01: no entry can be in that range\n/);
    expect(search(['pnpm', demoProjects, '--since', '2026-03-02', '--until', '2026-03-02'], index).hits.length).toBeGreaterThan(0);
    expect(search(['pnpm', demoProjects, '--since', '2026-03-02T09:00:00Z', '--until', '2026-03-02'], index).hits.length).toBeGreaterThan(
      0,
    );
  });

  it('an index file that is not one is a one-line error naming it, not a stack trace', () => {
    const index = join(tempDir(), 'index.db');
    writeFileSync(index, 'these are not the pages of a SQLite database, just text long enough to be read as a header\n'.repeat(50));
    const result = runCli(['search', 'pnpm', demoProjects, '--index', index]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^memlog: .*index\.db: not a search index memlog can read \(.*\); delete it and the next search rebuilds it\n$/,
    );
  });
});
