import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('I opened the pull request.'), user(said)]).map((s) => s.type);

const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};
const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('a standing permission says how far the agent may go on its own (decision 104)', () => {
  kept('feedback', [
    'You can merge PRs yourself after a review.',
    'Feel free to commit without asking.',
    'You have my permission to push to feature branches.',
    "You're allowed to install dev dependencies.",
    'You can skip the changelog for docs-only changes.',
    'You may run database migrations locally without checking with me.',
  ]);
  notKept([
    'You can merge it now.',
    'Feel free to take a look.',
    'You can skip this test.',
    'You have my permission to delete the file.',
    'Go ahead and push the branch.',
    'You can commit once the tests pass.',
    'Can you merge PRs yourself?',
    "You're allowed to be wrong.",
  ]);
});

describe('what to do with a kind of finding from now on is a way of working (decision 104)', () => {
  kept('feedback', [
    'Turn findings into GitHub issues using the template.',
    'File new bugs as GitHub issues with the bug template.',
    'Report flaky tests in the #ci channel.',
  ]);
  notKept(['Turn these findings into GitHub issues.', 'Turn the results into a table.', 'File it as a bug.']);
});
