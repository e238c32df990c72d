import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('I looked at the project layout.'), user(said)]).map((s) => s.type);

const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};
const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('names of accounts and identifiers outside the code are references (decision 104)', () => {
  kept('reference', [
    'My GitHub username is jdoe.',
    'Our GitHub org is acme-inc.',
    'The npm scope is @acme.',
    'Our AWS account for production is prod-eu.',
    'The default branch is main.',
  ]);
  notKept(['My username is wrong in the header.', 'The region is wrong.', 'The account is missing.', 'Our org is growing.']);
});

describe('what the project does not have, its minimum versions and its scale are project facts (decision 104)', () => {
  kept('project', [
    "We don't have a staging environment.",
    "There's no staging environment, so test locally.",
    'There is no CI for this repo.',
    "We don't have tests for the UI.",
    'Node 18 is the minimum.',
    'The minimum Go version is 1.21.',
    'The production DB has about 2 million users.',
    'The CSV exports are around 2 GB each.',
    'The infra repo is checked out at ../infra.',
  ]);
  notKept([
    'There are no tests for this function yet.',
    "There's no error now.",
    "We don't have time for that.",
    'The DB has a lot of rows in that table.',
    "We don't have a test for it.",
    'The file has about 20 lines.',
  ]);
});
