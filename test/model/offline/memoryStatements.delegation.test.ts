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
describe('which model, agent or skill does a kind of work is a way of working (decision 104)', () => {
  kept('feedback', [
    'Use Opus for planning and Sonnet for the implementation.',
    'Use subagents for research.',
    'Use Haiku to review the diffs.',
    'Use the /release-notes skill for changelogs.',
    'Use the writing-clearly skill when writing comments.',
  ]);
  notKept(['Use the skill.', 'Use this agent for that.', 'Use a subagent to read it.', 'Use the /review skill on this file now.']);
});
