import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/** The modules `memlog <args>` loads, run from source (the test bundle inlines every module). */
function loadedBy(args: readonly string[], env: NodeJS.ProcessEnv = {}): string[] {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './test/support/recordLoads.mjs', join('test', 'support', 'cliEntry.ts'), ...args],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...env } },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
}

/** What `memlog <command> --help` loads never changes within a run: each command's is recorded once and read by every test of it. */
const helpLoads = new Map<string, string[]>();
function loadedByHelp(command: string): string[] {
  const known = helpLoads.get(command);
  if (known !== undefined) return known;
  const urls = loadedBy([command, '--help']);
  helpLoads.set(command, urls);
  return urls;
}

const HEAVY = ['@anthropic-ai/sdk', 'chrono-node', '@electric-sql/pglite', 'node_modules/pg/', '@secretlint'];
const heavyIn = (urls: readonly string[]) => HEAVY.filter((name) => urls.some((url) => url.includes(name)));

describe('the CLI loads only the command it runs', () => {
  it.each([['inspect'], ['replay'], ['report'], ['extract'], ['consolidate'], ['team']])(
    'memlog %s --help loads no model SDK, date parser, database or secret scanner',
    (command) => {
      const urls = loadedByHelp(command);
      expect(urls.some((url) => url.includes(`${command}Command`))).toBe(true);
      expect(heavyIn(urls)).toEqual([]);
    },
  );

  it('memlog --help loads every command, so that help lists them all, and no model SDK or database driver (decision 118)', () => {
    const urls = loadedBy(['--help']);
    // team's server and client are loaded when one of its subcommands runs, not to register it.
    const loadedToRun = ['@anthropic-ai/sdk', '@electric-sql/pglite', 'node_modules/pg/'];
    expect(heavyIn(urls)).toEqual(HEAVY.filter((name) => !loadedToRun.includes(name)));
    expect(urls.some((url) => /\/src\/cli\/extractCommand/.test(url))).toBe(true);
  });

  it('a command that can run a model loads its SDK only when it calls one (decision 118)', () => {
    const out = tempDir();
    const urls = loadedBy(['extract', join('fixtures', 'projects'), '--out', out, '--model', 'offline']);
    expect(urls.some((url) => url.includes('/src/model/anthropic/'))).toBe(true);
    expect(urls.filter((url) => url.includes('@anthropic-ai/sdk') || url.includes('node_modules/openai/'))).toEqual([]);
  });

  it.each([['extract'], ['consolidate'], ['team']])(
    'memlog %s --help loads no job, server or client: only the command runs them (decision 118)',
    (command) => {
      const urls = loadedByHelp(command);
      expect(
        urls.filter((url) =>
          /\/src\/(jobs\/(?!light\/|backfill\/chunkTokens|consolidation\/gateDefaults)|memory\/team\/(?!server\/light\/|server\/entryLimit))/.test(
            url,
          ),
        ),
      ).toEqual([]);
    },
  );

  it('memlog --version loads no command at all', () => {
    const urls = loadedBy(['--version']);
    expect(urls.filter((url) => /Command\.ts$/.test(url))).toEqual([]);
  });
});

/** What a command needs only when it reads transcripts or archives: the schemas, RxJS, the parser, the archive, the search index. */
const READING = ['node_modules/zod/', 'node_modules/rxjs/', '/src/transcript/readTranscript', '/src/archive/index', '/src/search/index'];
const readingIn = (urls: readonly string[]) => READING.filter((name) => urls.some((url) => url.includes(name)));

describe('a rerun over the session catalog loads only the catalog (decision 88)', () => {
  it('memlog inspect --json over unchanged files loads no schema, parser, archive or search index', () => {
    const root = tempDir();
    mkdirSync(join(root, '-home-dev-app'));
    writeCorpus(join(root, '-home-dev-app', 'one.jsonl'), 50_000, 1);
    const env = { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') };
    const first = loadedBy(['inspect', root, '--json'], env);
    expect(first.some((url) => url.includes('/src/catalog/scanFile'))).toBe(true);
    expect(readingIn(loadedBy(['inspect', root, '--json'], env))).toEqual([]);
  });

  it('a first scan of lines of the common kinds loads no schema either, a line it is not sure of does (decision 96)', () => {
    const root = tempDir();
    mkdirSync(join(root, '-home-dev-app'));
    const file = join(root, '-home-dev-app', 'one.jsonl');
    writeCorpus(file, 50_000, 1, { compactions: 1 });
    expect(readingIn(loadedBy(['inspect', root, '--json'], { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') }))).toEqual([]);
    appendFileSync(file, `${JSON.stringify({ type: 'custom-title', customTitle: 'a title', sessionId: 's' })}\n`);
    const urls = loadedBy(['inspect', root, '--json'], { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') });
    expect(readingIn(urls)).toEqual(['node_modules/zod/']);
  });

  it('memlog inspect --json after a file grew folds it on without RxJS', () => {
    const root = tempDir();
    const file = join(root, '-home-dev-app', 'one.jsonl');
    mkdirSync(join(root, '-home-dev-app'));
    writeCorpus(file, 50_000, 1);
    const env = { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') };
    loadedBy(['inspect', root, '--json'], env);
    appendFileSync(file, readFileSync(file).subarray(0, readFileSync(file).indexOf(0x0a) + 1));
    const urls = loadedBy(['inspect', root, '--json'], env);
    expect(urls.some((url) => url.includes('/src/catalog/foldFile'))).toBe(true);
    expect(urls.filter((url) => url.includes('node_modules/rxjs/'))).toEqual([]);
  });

  it('memlog report --usage loads neither the replay nor the report pages', () => {
    const root = tempDir();
    mkdirSync(join(root, '-home-dev-app'));
    writeCorpus(join(root, '-home-dev-app', 'one.jsonl'), 50_000, 1);
    const urls = loadedBy(['report', root, '--usage'], { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') });
    expect(urls.filter((url) => /\/src\/(pipeline\/index|report\/index|report\/writeReport)\.ts$/.test(url))).toEqual([]);
  });
});
