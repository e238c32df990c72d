import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// Conventions said inside requests, plans and conditions (decision 101). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I changed the handler.'), user(said)]).map((s) => s.text);

describe('a condition on a kind of thing, then an order, is a standing rule', () => {
  it('said with a bare noun as the condition’s subject', () => {
    expect(kept('if payload is empty, do not send anything. The queue has already dropped it')).toEqual([
      'If payload is empty, do not send anything. The queue has already dropped it',
    ]);
    expect(kept('when response has no body, never retry the request.')).toEqual(['When response has no body, never retry the request.']);
  });

  it('not when the condition is about the thing at hand or a courtesy', () => {
    expect(kept('if possible, rename the helper.')).toEqual([]);
    expect(kept('if it fails, rerun it.')).toEqual([]);
  });
});

describe('a naming convention said in a request', () => {
  it('a prefix or a format for a kind of name', () => {
    expect(kept("push this to a new branch. use prefix 'kd/' for the branch name")).toEqual(["Use prefix 'kd/' for the branch name"]);
    expect(kept('use the prefix `v` for release tags')).toEqual(['Use the prefix `v` for release tags']);
  });

  it('not a prefix that is no name', () => {
    expect(kept('use prefix sums for the ranges')).toEqual([]);
  });
});

describe('what a repository keeps out or in, said as "we should"', () => {
  it('a path to put in an ignore file', () => {
    expect(kept('the new profiler writes to `.cache/prof` we should include that in the .gitignore')).toEqual([
      'The new profiler writes to `.cache/prof` we should include that in the .gitignore',
    ]);
    expect(kept('we should add `coverage/` to .dockerignore')).toEqual(['We should add `coverage/` to .dockerignore']);
    expect(kept('Add coverage/ to .gitignore')).toEqual(['Add coverage/ to .gitignore']);
    expect(kept('please put the build output in the .prettierignore')).toEqual(['Please put the build output in the .prettierignore']);
  });

  it('not a change to the code', () => {
    expect(kept('we should add a retry to the upload.')).toEqual([]);
  });
});

describe('a request to change how later things are done', () => {
  it('a question whose change covers the following or future things of a kind', () => {
    expect(
      kept('in release.ts we sign the tags with the bot key could we change this to use the maintainer key, also for future releases?'),
    ).toEqual(['Change this to use the maintainer key, also for future releases.']);
  });

  it('not a one-off change', () => {
    expect(kept('could we change this to use the maintainer key?')).toEqual([]);
  });
});

describe('a limit over each thing of a kind', () => {
  it('"at most / maximum … per …" is a convention', () => {
    expect(kept('maximum two sentences per bullet, ideally with a link to the issue')).toEqual([
      'Maximum two sentences per bullet, ideally with a link to the issue',
    ]);
    expect(kept('at most one assertion per test.')).toEqual(['At most one assertion per test.']);
  });

  it('not a limit of the moment or a measurement', () => {
    expect(kept('at most 5 retries per run for now.')).toEqual([]);
    expect(kept('we measured at most 40 requests per second.')).toEqual([]);
  });
});

describe('a limit set inside a request, after a comma', () => {
  it('is kept with the request it was said in', () => {
    expect(kept('draft release notes for me to check, at most one line per change, with the ticket number')).toEqual([
      'Draft release notes for me to check, at most one line per change, with the ticket number',
    ]);
  });
});

describe('a fact set against what it is not, by quoted values', () => {
  it('is a project fact, with or without a comma', () => {
    expect(kept('also: the config key is just "retries" not "retry"')).toEqual(['The config key is just "retries" not "retry"']);
    expect(kept('the release flag in the Makefile is `--dry-run` not `--dryrun`')).toEqual([
      'The release flag in the Makefile is `--dry-run` not `--dryrun`',
    ]);
  });

  it('not a plain negation', () => {
    expect(kept('the test is not flaky')).toEqual([]);
  });
});

describe('a change asked for "the following" things is the work at hand', () => {
  it('no rule from a request about the following changes or these files', () => {
    expect(kept('Could you make the following changes to the parser?')).toEqual([]);
    expect(kept('Could we update the following files?')).toEqual([]);
    expect(kept('Could we switch these to tabs for future files?')).toEqual(['Switch these to tabs for future files.']);
  });

  it('a change for later things of a kind after "for", "in" or "on" is one', () => {
    expect(kept('could we switch the linter to biome in all future packages?')).toEqual([
      'Switch the linter to biome in all future packages.',
    ]);
  });
});

describe('a very long question is read no further than a statement is', () => {
  it('no statement is made of a question over the length a statement has', () => {
    const said = 'could we change this to use ' + 'the key '.repeat(6250) + ' also for future releases?';
    const found = findMemoryStatements([assistant('I looked at the release script.'), user(said)]);
    expect(found.every((s) => s.text.length <= 400 && s.quote.length <= 400)).toBe(true);
    expect(found).toEqual([]);
  });
});
