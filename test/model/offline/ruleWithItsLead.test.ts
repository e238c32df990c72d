import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// A rule led by the change it came from, or given as a fact's consequence after "so", is kept with its lead
// (decision 138). Sentences written for these tests.

describe('a rule after its lead is kept whole', () => {
  it.each([
    'We use pnpm, so never run npm install.',
    'The staging database is shared with QA, so always ask before resetting it.',
    'After v3.0 we ship from the release branch, so do not push tags from main.',
    'Since PR #77, migrations must be reversible.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([said]);
  });
});

describe('a one-off consequence after "so" is not', () => {
  it.each(["It broke yesterday, so don't merge it.", 'The build is red, so do not deploy now.'])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});
