import { describe, expect, it } from 'vitest';
import { isTestPolicy } from '../../../src/model/offline/testPolicies.js';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// Test and quality policies (decision 130). Sentences written for these tests, none taken from a corpus or an audit.
const kept = keptAfterAWorkTurn;

describe('a test or quality policy is kept', () => {
  it.each([
    'An integration test should cover one endpoint and be skipped in CI unless asked for.',
    'A unit test should never touch the network.',
    'A browser spec must run against the seeded database.',
    'An end-to-end test should cover a small slice and be skipped in CI.',
    'A unit test should mock what you need from the network.',
    'Make sure at the end we pass the linter, the type checker and the tests.',
    'Always make sure lint and tests pass before you push.',
    'Make sure the build and the tests pass before you call anything done.',
    'After every change, make sure that mypy and the unit tests pass.',
    'Make sure the linter and the tests pass from now on.',
    'Write the tests first, then the feature.',
    'Tests come first, then the implementation.',
  ])('%s', (sentence) => {
    expect(isTestPolicy(sentence)).toBe(true);
    expect(kept(sentence)).toEqual([sentence]);
  });

  it('the kinds the norm reads stay the norm’s', () => {
    for (const sentence of [
      'Unit tests should finish in under a second each; slow ones get a marker.',
      'Before you call anything done, lint, typecheck and test must pass.',
    ])
      expect(kept(sentence), sentence).toEqual([sentence]);
  });
});

describe('a step of this task, or one test, is no policy (decision 123)', () => {
  it.each([
    'Make sure the tests pass.',
    'Make sure the linter passes now.',
    'Make sure the tests pass before you push this.',
    'A test should have caught this.',
    'A test should be added for the parser.',
    'A test should fail when the token expires.',
    'This test should take under a second.',
    'Make this test faster.',
    'Write the test first for this bug.',
    // A particular thing in what the test should do: one test to write now (decision 130, amended).
    'A unit test should cover the empty upload case.',
    'A regression test should cover the bug I reported.',
    'An integration test should hit the real database here.',
    'An e2e test should run against staging for the demo.',
    'A snapshot test should not be used for the modal.',
    'A smoke test should check the login now.',
    'Should a unit test hit the network?',
    'Maybe make sure at the end the tests pass.',
    // Review 20: the fix after the tests is the fix at hand.
    'Write the tests first, then the fix.',
  ])('%s', (sentence) => {
    expect(kept(sentence)).toEqual([]);
  });
});
