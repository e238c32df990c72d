import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

const found = (said: string) => findMemoryStatements([assistant('I added the parser.'), user(said)]);

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('a question asking for one general way of writing code instead of another is a preference (decision 104)', () => {
  it.each([
    ['Can you use a switch instead of chained if/else?', 'Use a switch instead of chained if/else.'],
    ['could you use early returns instead of nested ifs?', 'Use early returns instead of nested ifs.'],
    ['Can we use async/await rather than callbacks?', 'Use async/await rather than callbacks.'],
    ['Can you use named exports instead of default exports please?', 'Use named exports instead of default exports.'],
  ])('%s', (said, rule) => {
    const statements = found(said);
    expect(statements.map((s) => s.type)).toEqual(['feedback']);
    expect(statements[0]?.text).toBe(rule);
  });

  it.each([
    'Can you use the other file instead of this one?',
    'Could you use port 3001 instead of 3000?',
    'Can you use my branch instead of main?',
    'Can you use `config.ts` instead of `config.js`?',
    'Can you use it instead?',
    'Why did you use a switch instead of if/else?',
    'Can you use a map instead of that loop?',
  ])('not: %s', (said) => expect(found(said)).toEqual([]));
});

describe('a question why a general way is not used proposes it (decision 104)', () => {
  it.each([
    ["Why aren't we using table-driven tests for these parsers?", 'Use table-driven tests for these parsers.'],
    ["why don't you use early returns?", 'Use early returns.'],
    ['Why not use named exports?', 'Use named exports.'],
  ])('%s', (said, rule) => {
    const statements = found(said);
    expect(statements.map((s) => s.type)).toEqual(['feedback']);
    expect(statements[0]?.text).toBe(rule);
  });

  it.each([
    "Why aren't we using the cache here?",
    "Why don't you use it?",
    "Why didn't you use a transaction?",
    "Why aren't the tests passing?",
    "Why don't you use a map here?",
  ])('not: %s', (said) => expect(found(said)).toEqual([]));
});
