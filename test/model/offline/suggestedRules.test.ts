import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// Invented sentences (decision 123, amended): a rule asked for with a recurring occasion, and a rule suggested with
// "why don't you".
describe('a rule asked for politely', () => {
  it('is kept with a lasting word', () => {
    expect(keptAfterAWorkTurn('Can you always report the loss after each epoch?')).toEqual(['Always report the loss after each epoch.']);
  });

  // "after each <thing>" says where code goes as often as when work recurs: without a lasting word it is a request
  // (decision 123, amended: the recurring-occasion reading was withdrawn after review).
  it.each([
    'Could you add a blank line before each heading in the changelog?',
    'Can you print the value after each step of this loop?',
    'Can you fix every failing test?',
    'can you check each of them after every one?',
  ])('is a request about the things at hand without a lasting word: %s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});

describe('a rule suggested with "why don\'t you"', () => {
  it.each([
    ["Why don't you always use pnpm", 'Always use pnpm.'],
    ["why don't you run the linter every time you commit", 'Run the linter every time you commit.'],
    ["Why don't we squash merge from now on?", 'Squash merge from now on.'],
  ])('is kept as the rule it suggests: %s', (said, rule) => {
    expect(keptAfterAWorkTurn(said)).toEqual([rule]);
  });

  it('is no rule without a lasting word', () => {
    expect(keptAfterAWorkTurn("why don't you fix the test")).toEqual([]);
  });

  it.each(["Why don't you always do this?", "Why don't you always use pnpm here?", "Why don't we always squash them now?"])(
    'is the work at hand when it points at something or says now: %s',
    (said) => {
      expect(keptAfterAWorkTurn(said)).toEqual([]);
    },
  );

  it('keeps the suggested rule whatever its verb and occasion', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('run the linter', 'rebuild the docs', 'bump the version', 'update the changelog'),
        fc.constantFrom('every time you commit', 'by default', 'from now on'),
        (work, occasion) => {
          const kept = keptAfterAWorkTurn(`why don't you ${work} ${occasion}`);
          expect(kept).toEqual([`${work.charAt(0).toUpperCase()}${work.slice(1)} ${occasion}.`]);
        },
      ),
    );
  });
});
