import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// What a statement is once the words people open with are set aside (decision 68, amended). Sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done.'), user(said)]).map((s) => s.text);

describe('a word people open with, without a comma', () => {
  it('is not part of what the memory says', () => {
    expect(keptOf("Yeah let's migrate to vitest.")).toEqual(["Let's migrate to vitest."]);
    expect(keptOf('ok we always squash merge.')).toEqual(['We always squash merge.']);
  });

  it('"yes but" adds what follows it', () => {
    expect(keptOf('Yes but have the other agent verify everything before pruning or deleting')).toEqual([
      'Have the other agent verify everything before pruning or deleting',
    ]);
    expect(keptOf('Yes but not now.')).toEqual([]);
  });

  it('does not hide the statement after it', () => {
    expect(keptOf('yes we usually keep a release branch per major version')).toEqual([
      'We usually keep a release branch per major version',
    ]);
  });

  it('only before a statement: "So far the tests pass" keeps nothing, "so" ties to what came before', () => {
    expect(keptOf('So far the tests pass.')).toEqual([]);
    expect(keptOf('Yeah that looks fine.')).toEqual([]);
  });
});

describe('a greeting or interjection ended by a dash (decision 131)', () => {
  it('is set aside as one ended by a comma is', () => {
    expect(keptOf('Hey -- we always squash merge feature branches.')).toEqual(['We always squash merge feature branches.']);
    expect(keptOf('Hi - we never deploy on Fridays.')).toEqual(['We never deploy on Fridays.']);
    expect(keptOf('Well \u2014 we always tag releases from main.')).toEqual(['We always tag releases from main.']);
  });

  it('so an order of the moment after it stays the work at hand', () => {
    expect(keptOf('hey -- rename utils.py to helpers.py, import it from main.py instead of copying it.')).toEqual([]);
    expect(keptOf('Hello -- move the fixtures to test/data, point the loader at them instead of inlining.')).toEqual([]);
  });

  it('a hyphen joined to the next word is part of that word', () => {
    expect(keptOf('Right-click menus always open on the left in this app.')).toEqual([
      'Right-click menus always open on the left in this app.',
    ]);
  });
});

describe('work asked for now, then what the person states', () => {
  it('the statement is the part after the request', () => {
    expect(keptOf('Review the changes, we release with goreleaser from now on.')).toEqual(['We release with goreleaser from now on.']);
    expect(keptOf('Fix the flaky test, we never retry tests in CI.')).toEqual(['We never retry tests in CI.']);
  });

  it('a request with nothing lasting after it keeps nothing', () => {
    expect(keptOf('Check the logs, I think the worker died.')).toEqual([]);
    expect(keptOf('Run the tests, we are almost done.')).toEqual([]);
  });
});
