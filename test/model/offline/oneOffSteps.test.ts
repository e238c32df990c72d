import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

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
