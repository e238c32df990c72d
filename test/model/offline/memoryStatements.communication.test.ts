import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('I read the plan.'), user(said)]).map((s) => s.type);

const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};
const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('how the person wants to be talked to is a way of working (decision 104)', () => {
  kept('feedback', [
    'Be concise.',
    'Be brief in your answers.',
    'Talk to me like a senior engineer.',
    'Skip the pleasantries.',
    'Just give me the code, no explanations.',
    'Show me the diff before you commit.',
  ]);
  notKept(['Be careful with this one.', 'Show me the diff.', 'Skip the first test.', 'Give me the code for the parser.', 'Be back soon.']);
});
