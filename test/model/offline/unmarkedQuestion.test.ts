import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// A yes-or-no question typed without its mark after a request holds no rule, "never" or not (decision 116).
// Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I changed the retry code.'), user(said)]).map((s) => s.text);

describe('a question typed without its mark is no rule', () => {
  it.each([
    'Check the retry path, are we still sure we never resend the token.',
    'Look at the config, is there a way to always skip the cache.',
    'Read the handler again, do we always close the stream on error.',
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });
});

describe('a rule said with a comma stays a rule', () => {
  it.each([
    'Always rebase before merging, it keeps the history linear.',
    'If the build breaks, we always roll back first.',
    'Could you run prettier, do that always before committing',
  ])('%s', (said) => {
    expect(kept(said)).toHaveLength(1);
  });
});
