import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// An order scoped to every case it applies to ("where possible", "where it makes sense", "if at all possible") is a
// standing practice; a bare "if possible" or a thing at hand keeps it one step (decision 141). Example messages written
// for these tests.
describe('a practice scoped to every case', () => {
  it.each([
    'Use table-driven tests where possible.',
    'Use table driven tests where possible (also for the e2e suite).',
    'Add type hints where it makes sense.',
    "Let's avoid mocks if at all possible.",
    'Reuse the existing fixtures wherever possible.',
    'Please write docstrings where applicable.',
    'Try to extract pure helpers whenever possible.',
    'We should co-locate tests with their modules where it makes sense.',
    'Keep components stateless wherever feasible.',
  ])('is kept: %s', (said) => {
    expect(keptAfterAWorkTurn(said)).toHaveLength(1);
  });

  it.each([
    'Fix the typo where possible in this file.',
    'Merge it today if possible.',
    'Fix it today if at all possible.',
    'Deploy the branch if possible.',
    'Can you use table-driven tests where possible?',
    'Clean up these imports where possible.',
    'I tried to reuse the fixtures where possible.',
    'The tests were refactored where possible.',
    'Rename the variables where it makes sense in your branch.',
  ])('a one-off step, a question or a report is not: %s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});
