import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRequestAtHand } from '../../../src/model/offline/requestAtHand.js';
import { fcRuns } from '../../support/fcRuns.js';

// A lasting word of time always keeps a rule, whatever request at hand it is said with (decisions 106 and 123).
const thing = fc.constantFrom('cache helper', 'old fixture', 'release checklist', 'login form', 'sample config');
const file = fc.constantFrom('src/store.ts', 'docs/setup.md', '.github/ci.yml', 'lib/parse.py');
const request = fc.oneof(
  fc.tuple(fc.constantFrom('Update', 'Check', 'Rename', 'Review'), file).map(([verb, path]) => `${verb} @${path}`),
  thing.map((t) => `Leave the ${t} there`),
  thing.map((t) => `Don't touch the ${t} for this`),
  thing.map((t) => `Make sure the ${t} is using the new queue`),
  thing.map((t) => `Instead of rebuilding, diff the ${t} against the backup`),
  thing.map((t) => `Read this ${t} before you change any code`),
);
const lasting = fc.constantFrom('always', 'from now on', 'going forward', 'whenever you can', 'by default');

describe('requests at hand and lasting words', () => {
  it('each generated request is at hand alone, and no longer with a lasting word of time before or after it', () => {
    fc.assert(
      fc.property(request, lasting, fc.boolean(), (said, word, before) => {
        expect(isRequestAtHand(`${said}.`)).toBe(true);
        const withWord = before
          ? `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}, ${said[0]?.toLowerCase() ?? ''}${said.slice(1)}.`
          : `${said} ${word}.`;
        expect(isRequestAtHand(withWord)).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });
});
