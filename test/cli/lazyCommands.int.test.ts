import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/** The modules `memlog <args>` loads, run from source (the test bundle inlines every module). */
function loadedBy(args: readonly string[]): string[] {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--import', './test/support/recordLoads.mjs', join('test', 'support', 'cliEntry.ts'), ...args],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  expect(child.status).toBe(0);
  return child.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
}

const HEAVY = ['@anthropic-ai/sdk', 'chrono-node', '@electric-sql/pglite', 'node_modules/pg/', '@secretlint'];
const heavyIn = (urls: readonly string[]) => HEAVY.filter((name) => urls.some((url) => url.includes(name)));

describe('the CLI loads only the command it runs', () => {
  it.each([['inspect'], ['replay'], ['report']])(
    'memlog %s --help loads no model SDK, date parser, database or secret scanner',
    (command) => {
      const urls = loadedBy([command, '--help']);
      expect(urls.some((url) => url.includes(`${command}Command`))).toBe(true);
      expect(heavyIn(urls)).toEqual([]);
    },
  );

  it('memlog --help loads every command, so that help lists them all', () => {
    const urls = loadedBy(['--help']);
    expect(heavyIn(urls)).toEqual(HEAVY);
  });
});
