import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { exportedNames } from './exportedNames.js';

/**
 * The public API is a decision, not drift: each entry point's exported names (types included)
 * are compared with a committed list, one name a line, so a diff shows exactly what was added
 * or removed. MEMLOG_UPDATE_API=1 rewrites the lists from the code.
 */
const surfaces = [
  { entry: 'src/index.ts', list: 'test/architecture/publicApi.txt', importedAs: 'memlog', limit: 130 },
  { entry: 'src/testing/index.ts', list: 'test/architecture/publicApi.testing.txt', importedAs: 'memlog/testing', limit: 30 },
];

const updating = process.env['MEMLOG_UPDATE_API'] === '1';
const names = exportedNames(surfaces.map((surface) => join(repoRoot, surface.entry)));
const readList = (path: string): string[] =>
  readFileSync(join(repoRoot, path), 'utf8')
    .split('\n')
    .filter((line) => line !== '');

describe('the public API', () => {
  for (const surface of surfaces) {
    const exported = names.get(join(repoRoot, surface.entry)) ?? [];

    it(`${surface.importedAs} exports exactly the names in ${surface.list}`, () => {
      if (updating) writeFileSync(join(repoRoot, surface.list), exported.map((name) => `${name}\n`).join(''));
      const listed = readList(surface.list);
      const added = exported.filter((name) => !listed.includes(name));
      const removed = listed.filter((name) => !exported.includes(name));
      const how = `If the change is deliberate, update the list: MEMLOG_UPDATE_API=1 npx vitest run test/architecture/publicApi.test.ts (or edit ${surface.list} by hand), and commit it with the change.`;
      expect({ added, removed }, `${surface.entry} no longer matches ${surface.list}. ${how}`).toEqual({ added: [], removed: [] });
      expect(listed, `${surface.list} must stay sorted, one name a line. ${how}`).toEqual(exported);
    });

    it(`${surface.importedAs} stays under ${surface.limit} names`, () => {
      expect(
        exported.length,
        `${surface.entry} exports ${exported.length} names: keep helpers internal, or raise the limit in this test deliberately`,
      ).toBeLessThan(surface.limit);
    });
  }
});
