import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// What an independent review of decisions 138 and 139 found, both ways. Sentences written for the review, none from a corpus.

describe('lasting statements the first readings dropped are kept', () => {
  it.each([
    'Our support channel is #customer-support.',
    'We coordinate deploys through #ship-it.',
    'Write `.mjs` instead of `.cjs` for scripts.',
    'Name test files `.spec.ts` instead of `.test.ts`.',
    'We use `--ci` instead of `--watch` in pipelines.',
    "Don't modify code, just explain, whenever I ask a question.",
    'Since commit a1b2c3d, logs must be JSON.',
    'From v4 on, configs must live in YAML.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).not.toEqual([]);
  });
});

describe('one-off statements the first readings saved are not', () => {
  it.each([
    "The API is down, so don't run the sync job.",
    'Bob is fixing the header, so avoid editing header.tsx.',
    "I already pushed the fix, so don't push again.",
    "Since PR #200, don't forget to rerun the migrations on your local DB.",
    'Use the #main-content id for the wrapper.',
    'Also see #L42 in the diff.',
    'Use `getUser()` instead of `fetchUser()` here.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});
