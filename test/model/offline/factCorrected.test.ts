import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { assistant, user } from '../../support/keptAfterAWorkTurn.js';

// A fact of the project the person sets right is kept as a project fact (decision 151). Sentences written for these tests.
const found = (said: string, before = 'The hook runs when the session ends, so I wired it there.'): Array<{ type: string; text: string }> =>
  findMemoryStatements([assistant(before), user(said)]).map((s) => ({ type: s.type, text: s.text }));

describe('a fact set right in one sentence', () => {
  it.each([
    'The stop hook is not right, it fires at the end of each turn.',
    "the nightly job isn't correct, that runs from the ops repository.",
    'No, the cache key is not correct, it is built from the tenant and the path.',
  ])('is a project fact: %s', (said) => {
    expect(found(said)).toEqual([{ type: 'project', text: said.charAt(0).toUpperCase() + said.slice(1) }]);
  });

  it('holds after a question the assistant asked', () => {
    const said = 'The stop hook is not right, it fires at the end of each turn.';
    expect(found(said, 'When should the end time be set?\n\nA) On the stop hook\nB) On every commit')).toEqual([
      { type: 'project', text: said },
    ]);
  });

  it.each([
    'The count is not right, it is 26 now.',
    'That is not correct, it should be blue.',
    'This is not right, it still fails on the second run.',
    'Sorry but that is not right, it is meant to be blue.',
    'Your last answer is not right, it is missing the error case entirely.',
    'The diff is not right, it only touches the test file.',
    'The count is not right, it is 26.',
  ])('a correction of the moment or of the work at hand is none: %s', (said) => {
    expect(found(said)).toEqual([]);
  });
});
