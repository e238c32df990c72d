import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProcessConvention } from '../../../src/model/offline/processConventions.js';
import { isStyleOrder } from '../../../src/model/offline/styleOrders.js';
import { fcRuns } from '../../support/fcRuns.js';

// Conventions said in the present and style orders (decision 126), as invariants over sentences built from invented
// parts, none taken from a corpus.
const artefacts = fc.constantFrom(
  'Releases',
  'Commit messages',
  'Feature branches',
  'Unit tests',
  'Changelog entries',
  'PR titles',
  'Migrations',
);
const done = fc.constantFrom('are cut from', 'follow', 'are written against', 'start with', 'are kept in', 'go through', 'are tagged from');
const complement = fc.constantFrom('the main branch', 'a shared template', 'the staging database', 'a short summary');
const pointer = fc.constantFrom('This', 'The', 'These', 'Those', 'My');
const occasion = fc.constantFrom('tomorrow', 'for now', 'this week', 'on Friday', 'until the freeze is over', 'today');

const values = fc.constantFrom('tabs', 'four spaces', 'single quotes', 'snake_case', 'absolute paths', 'LF');
const aspects = fc.constantFrom('indentation', 'quotes', 'line endings', 'imports', 'TypeScript', 'Go', 'YAML files', 'variable names');
const atHand = fc.constantFrom('in this file', 'for this change', 'here for now', 'in the new handler');

describe('a convention said in the present (decision 126), as invariants', () => {
  it('holds of a kind of artefact, and not once it is pointed at, put to one occasion or asked', () => {
    fc.assert(
      fc.property(artefacts, done, complement, pointer, occasion, (kind, verb, what, pointing, once) => {
        const said = `${kind} ${verb} ${what}`;
        expect(isProcessConvention(`${said}.`)).toBe(true);
        expect(isProcessConvention(`${pointing} ${kind.toLowerCase()} ${verb} ${what}.`)).toBe(false);
        expect(isProcessConvention(`${said} ${once}.`)).toBe(false);
        expect(isProcessConvention(`${said}?`)).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('a style order (decision 126), as invariants', () => {
  it('holds of an aspect or a language, and not of the thing at hand nor of a value pointed at', () => {
    fc.assert(
      fc.property(values, aspects, fc.constantFrom('for', 'in'), atHand, pointer, (value, aspect, preposition, here, pointing) => {
        const order = `Use ${value} ${preposition} ${aspect}`;
        expect(isStyleOrder(`${order}.`)).toBe(true);
        expect(isStyleOrder(`${order} ${here}.`)).toBe(false);
        expect(isStyleOrder(`Use ${pointing.toLowerCase()} ${value} ${preposition} ${aspect}.`)).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });
});
