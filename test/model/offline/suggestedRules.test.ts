import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// Invented sentences (decision 123, amended): a rule asked for with a recurring occasion, and a rule suggested with
// "why don't you".
describe('a rule asked for politely', () => {
  it.each([
    ['can you report the loss after every epoch?', 'Report the loss after every epoch.'],
    ['could you rerun the tests after each fix?', 'Rerun the tests after each fix.'],
  ])('is kept when it names a recurring occasion: %s', (said, rule) => {
    expect(keptAfterAWorkTurn(said)).toEqual([rule]);
  });

  it.each(['Can you fix every failing test?', 'can you check each of them after every one?', 'could you go through each file?'])(
    'is a request about the things at hand when "every" counts them: %s',
    (said) => {
      expect(keptAfterAWorkTurn(said)).toEqual([]);
    },
  );
});

describe('a rule suggested with "why don\'t you"', () => {
  it.each([
    ["Why don't you always use pnpm", 'Always use pnpm.'],
    ["why don't you run the linter before every commit", 'Run the linter before every commit.'],
    ["Why don't we squash merge from now on?", 'Squash merge from now on.'],
  ])('is kept as the rule it suggests: %s', (said, rule) => {
    expect(keptAfterAWorkTurn(said)).toEqual([rule]);
  });

  it('is no rule without a lasting word', () => {
    expect(keptAfterAWorkTurn("why don't you fix the test")).toEqual([]);
  });

  it('keeps the suggested rule whatever its verb and occasion', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('run the linter', 'rebuild the docs', 'bump the version', 'update the changelog'),
        fc.constantFrom('before every commit', 'after each release', 'from now on'),
        (work, occasion) => {
          const kept = keptAfterAWorkTurn(`why don't you ${work} ${occasion}`);
          expect(kept).toEqual([`${work.charAt(0).toUpperCase()}${work.slice(1)} ${occasion}.`]);
        },
      ),
    );
  });
});
