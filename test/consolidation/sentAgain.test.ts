import { describe, expect, it } from 'vitest';
import { isSaidAgainIn, withoutSaidAgain } from '../../src/consolidation/sentAgain.js';

describe('a statement is said again inside a longer one only when nothing turns it around (decision 69, amended)', () => {
  it.each([
    ['Run the e2e tests locally.', 'Never run the e2e tests locally against prod.'],
    ['Run the e2e tests locally.', "Don't run the e2e tests locally."],
    ['Bump the lockfile on every release.', 'Only bump the lockfile on every release of the CLI.'],
    ['Push straight to the main branch.', 'You must not push straight to the main branch.'],
    ['Mock the payment client in tests.', 'Except in smoke runs, avoid: mock the payment client in tests.'],
  ])('%s is not said again in %s', (earlier, later) => {
    expect(isSaidAgainIn(earlier, later)).toBe(false);
    expect(withoutSaidAgain([{ text: earlier }, { text: later }])).toHaveLength(2);
  });

  it.each([
    ['The trailer is just the review id.', 'The trailer is just the review id followed by the date.'],
    ['Run the e2e tests locally.', 'Please run the e2e tests locally before a push.'],
    ['Run the e2e tests locally.', 'run the e2e tests locally'],
  ])('%s is said again in %s', (earlier, later) => {
    expect(isSaidAgainIn(earlier, later)).toBe(true);
  });
});
