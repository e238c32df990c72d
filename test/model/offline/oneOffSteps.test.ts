import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isOneOffStep } from '../../../src/model/offline/oneOffStep.js';

// A step of the task at hand said as "don't X, just Y" or "only … this time" is no rule (decision 106). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I made the change.'), user(said)]).map((s) => s.text);

describe('a one-off step of the work at hand is not kept', () => {
  it.each([
    "don't create a pr, just a commit",
    "Don't open a PR for this, just commit it.",
    "Don't write a migration, just edit the seed file.",
    "Don't add the dependency, just vendor it.",
    'Only run the unit tests this time.',
    "Don't run the full suite this time, only the unit tests.",
    'Only touch the parser for this one.',
    "Just commit this time, don't push.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });
});

describe('the same contrast said as how work goes is kept', () => {
  it.each([
    "Don't create PRs, only commits.",
    "Don't create pull requests, just commit to main.",
    'Never create a PR, just a commit.',
    "From now on, don't open a PR, just commit.",
    "Don't use npm, just pnpm.",
    "Don't use an ORM, just plain SQL.",
    "Don't mock the clock, only the network.",
    "Don't touch the generated files, only the sources.",
    'Only run the unit tests in this repo.',
    "Don't write a migration for every schema change, just edit the seed file.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([said]);
  });
});

describe('a "don\'t <make> a <thing>, just …" that says how to work is kept', () => {
  // The thing given up is a kind ("a new dependency", "this kind of test"), or what follows "just" is a way of working.
  it.each([
    "Don't add a new dependency, just use the standard library.",
    "Don't write a wrapper, just call the API directly.",
    "Don't write a custom parser, just use zod.",
    "Don't create a new file, just put it in utils.ts.",
    "Don't make a new branch, just work on main.",
    "Don't add a retry, just fail fast.",
    "Don't write a for loop, just use map.",
    "Don't write this kind of test, just use snapshot tests.",
    "Don't merge the PR yourself, just leave it for review.",
    "Don't bump the version, just add a changeset.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([said]);
  });
});

describe('"this time" is a time, not a part of a longer word', () => {
  it('"this time-consuming step" says nothing of once', () => {
    expect(isOneOffStep('Skip this time-consuming lint step in the pre-commit hook.')).toBe(false);
    expect(isOneOffStep('Skip the lint step this time.')).toBe(true);
  });
});
