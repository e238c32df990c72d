import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/**
 * The library examples in docs/library.md are the files in examples/, shown whole: a block that names its
 * file (`Run: npx tsx examples/<name>.ts`) must be that file, with the package's name where the
 * file imports the sources. examples.int.test.ts runs the files, so the page runs too.
 */
const readme = readFileSync(join(repoRoot, 'docs', 'library.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const exampleIn = (block: string) => /Run: npx tsx (examples\/\w+\.ts)/.exec(block)?.[1];
const asPublished = (source: string) => source.replaceAll("'../src/index.js'", "'memlog'");

describe('docs/library.md examples', () => {
  const shown = blocks.filter((block) => exampleIn(block) !== undefined);

  it('shows one example per use: replay a session, extract a folder, plan a compaction', () => {
    expect(shown.map(exampleIn)).toEqual(['examples/replaySession.ts', 'examples/extractFolder.ts', 'examples/planCompaction.ts']);
  });

  it.each(shown.map((block) => [exampleIn(block), block]))('the block of %s is the file, importing from memlog', (path, block) => {
    expect(block).toBe(asPublished(readFileSync(join(repoRoot, path ?? ''), 'utf8')));
  });

  it('every example imports the public API only', () => {
    for (const name of readdirSync(join(repoRoot, 'examples'))) {
      const imports = [...readFileSync(join(repoRoot, 'examples', name), 'utf8').matchAll(/from '(\.[^']*)'/g)].map((match) => match[1]);
      expect(
        imports.every((path) => path === '../src/index.js'),
        `${name} imports ${imports.join(', ')}`,
      ).toBe(true);
    }
  });
});
