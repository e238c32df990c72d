import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages, DOC_PAGES } from '../../scripts/docSamples/checkPages.js';
import { cliArgs } from '../support/cliBundle.js';
import { repoRoot } from '../support/paths.js';

/**
 * Every `console` sample in the README and docs/ is what its command prints today, run on a fresh
 * copy of the fixtures in the page's order (scripts/docSamples.ts; `--write` updates the pages).
 */
describe('the docs show what the commands print', () => {
  it.each(DOC_PAGES.map((page) => [page]))(
    '%s',
    (page) => {
      const [result] = checkPages(repoRoot, [join(repoRoot, page)], cliArgs());
      expect(result?.drifts.map((drift) => `$ ${drift.line}\n--- shown\n${drift.shown}+++ printed\n${drift.printed}`)).toEqual([]);
      // A page runs every sample's command in turn: docs/cli.md's thirty-odd take minutes on a loaded machine.
    },
    900_000,
  );
});

describe('the docs link only to files that exist', () => {
  it.each(DOC_PAGES.map((page) => [page]))('%s', (page) => {
    // Links in prose only: a code block shows what a command printed, such as an index's links.
    const text = readFileSync(join(repoRoot, page), 'utf8')
      .replace(/^```[\s\S]*?^```$/gm, '')
      .replace(/`[^`\n]*`/g, '');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/.test(target));
    const missing = targets.filter((target) => !existsSync(join(repoRoot, dirname(page), target)));
    expect(missing).toEqual([]);
  });
});

describe('the README is a front door', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  it('is about 10 KB and names the two set-up commands', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(12_000);
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm test ');
  });
});
