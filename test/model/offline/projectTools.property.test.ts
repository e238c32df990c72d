import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolOfTheProject } from '../../../src/model/offline/projectTools.js';
import { fcRuns } from '../../support/fcRuns.js';

// Decision 125's invariant: what a determiner leads is a thing of the work or of the code, never a tool's name.
const DETERMINERS = ['a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'some', 'any', 'every', 'its'];
const NOUNS = [
  'map',
  'helper',
  'database',
  'staging server',
  'cache',
  'function',
  'memory',
  'file',
  'wrong version',
  'old branch',
  'rows',
  'script',
];
const ROLES = ['', ' as the package manager', ' as the test runner', ' for linting', ' for the site', ' as the ORM', ' as our database'];
const PLACES = ['', ' here', ' in this repo', ' everywhere'];
const SAYINGS: ReadonlyArray<(object: string) => string> = [
  (object) => `We use ${object}`,
  (object) => `This project uses ${object}`,
  (object) => `We're using ${object}`,
  (object) => `Use ${object}`,
  (object) => `Please use ${object}`,
  (object) => `Switch to ${object}`,
  (object) => `Let's migrate to ${object}`,
];
const ROLE_SUBJECTS = ['Our package manager', 'The test runner', 'The database here', 'Our linter'];

describe('a tool of the project (decision 125)', () => {
  it('is never an object led by a determiner and a common noun', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAYINGS),
        fc.constantFrom(...DETERMINERS),
        fc.constantFrom(...NOUNS),
        fc.constantFrom(...ROLES),
        fc.constantFrom(...PLACES),
        fc.constantFrom('', '.', '!'),
        (saying, determiner, noun, role, place, end) => {
          const sentence = `${saying(`${determiner} ${noun}`)}${role}${place}${end}`;
          expect(toolOfTheProject(sentence), sentence).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('"<role> is" with a determiner and a common noun after it names no tool either', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLE_SUBJECTS),
        fc.constantFrom(...DETERMINERS),
        fc.constantFrom(...NOUNS),
        (subject, determiner, noun) => {
          const sentence = `${subject} is ${determiner} ${noun}.`;
          expect(toolOfTheProject(sentence), sentence).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('the same sayings with a name in the object and the role said are kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SAYINGS),
        fc.constantFrom('pnpm', 'Vitest', '`uv`', 'Tailwind CSS', 'Next.js', 'Postgres 16'),
        fc.constantFrom(...ROLES.filter((role) => role !== '')),
        fc.constantFrom(...PLACES),
        (saying, name, role, place) => {
          const sentence = `${saying(name)}${role}${place}.`;
          // "Let's migrate to X" is the move of decision 110's kind; with the role it is this one's.
          expect(toolOfTheProject(sentence), sentence).toBeDefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('with no role said, one or two capitalised words name a product of any kind and are left to decision 104', () => {
    const capitalised = fc
      .tuple(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), fc.stringMatching(/^[a-z]{2,9}$/))
      .map(([head, tail]) => head + tail);
    fc.assert(
      fc.property(
        fc.constantFrom(...SAYINGS.slice(0, 3)),
        fc.array(capitalised, { minLength: 1, maxLength: 2 }),
        fc.constantFrom('', ' here', ' in this repo'),
        fc.constantFrom('', '.', '!'),
        (saying, words, place, end) => {
          const sentence = `${saying(words.join(' '))}${place}${end}`;
          expect(toolOfTheProject(sentence), sentence).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
