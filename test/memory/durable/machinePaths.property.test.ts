import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutMachinePaths } from '../../../src/memory/durable/machinePaths.js';
import { memorySlug } from '../../../src/memory/durable/memorySlug.js';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { fcRuns } from '../../support/fcRuns.js';

/** A user name no sentence word shares: it can only reach a title through the path. */
const userName = fc.stringMatching(/^[a-z]{3,8}$/).map((name) => `zq${name}`);
const segment = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const homePath = fc
  .tuple(fc.constantFrom('/Users/', '/home/', 'C:\\Users\\'), userName, fc.array(segment, { maxLength: 4 }), fc.boolean())
  .map(([root, user, rest, file]) => {
    const separator = root.includes('\\') ? '\\' : '/';
    const tail = [...rest, ...(file ? ['main.ts'] : [])];
    return { user, tail: tail.join(separator), path: `${root}${[user, ...tail].join(separator)}` };
  });
/** A folder name someone chose: letters only, so never one a program drew at random. */
const chosen = fc.stringMatching(/^[a-z]{1,10}$/);
const systemPath = fc
  .tuple(fc.constantFrom('/var/', '/opt/', '/srv/', '/mnt/', '/Volumes/', '/tmp/', '/private/', 'D:\\'), fc.array(chosen, { maxLength: 4 }))
  .map(([root, rest]) => `${root}${rest.join(root.includes('\\') ? '\\' : '/')}`);
const sentence = fc.constantFrom(
  "I don't like this re-export: %",
  'Never write generated files to %, use the build folder',
  'Move % into the repo. It should be checked in',
  'The config is read from % on start',
  '% is where the fixtures live',
);

describe('no slug, title or description carries a home directory’s user name (decision 120, amended 2026-12-07, review 19)', () => {
  it('whatever the sentence and the path', () => {
    fc.assert(
      fc.property(sentence, homePath, (template, { user, path }) => {
        const said = template.replace('%', path);
        const title = titleOf(said);
        for (const made of [title, memorySlug(title), memorySlug(said), memoryDescription(said)])
          expect(made.toLowerCase()).not.toContain(user);
        // A negation said with the path is never lost with it.
        if (/\bnever\b/i.test(said)) expect(memorySlug(title).split('-')).toContain('never');
      }),
      { numRuns: fcRuns },
    );
  });

  it('and the path below the user’s folder is kept whole, after "~"', () => {
    fc.assert(
      fc.property(sentence, homePath, (template, { path, tail }) => {
        const separator = path.includes('\\') ? '\\' : '/';
        const home = tail === '' ? '~' : `~${separator}${tail}`;
        expect(withoutMachinePaths(template.replace('%', path))).toBe(template.replace('%', home));
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('a path that names no user is kept as written (decision 120, amended 2026-12-07, review 19)', () => {
  it('whatever the sentence and the system folder', () => {
    fc.assert(
      fc.property(sentence, systemPath, (template, path) => {
        const said = template.replace('%', path);
        expect(withoutMachinePaths(said)).toBe(said);
      }),
      { numRuns: fcRuns },
    );
  });
});
