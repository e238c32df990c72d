import { describe, expect, it } from 'vitest';
import { hookBeyondTitle } from '../../../src/memory/durable/hookBeyondTitle.js';

describe('a hook that repeats its title gives what it adds, with no ellipsis before it (decision 120)', () => {
  it.each([
    [
      'goes on from the dash as the sentence did',
      'Rename the changelog to HISTORY.md',
      'Rename the changelog to HISTORY.md, and link it from the README.',
      'and link it from the README.',
    ],
    [
      'a second sentence opens as one',
      'The docs are built nightly',
      'The docs are built nightly. Preview builds run on every PR.',
      'Preview builds run on every PR.',
    ],
    [
      'code marks left open by the title go',
      'Publish the CLI as chkit instead of @chkit/cli',
      'Publish the CLI as chkit instead of `@chkit/cli` for shorter installs.',
      'for shorter installs.',
    ],
  ])('%s', (_, title, hook, rest) => {
    expect(hookBeyondTitle(title, hook)).toBe(rest);
  });

  it.each([
    ['a hook that opens otherwise', 'Sign the release tags', 'Tags are signed with the team key.'],
    ['a hook that is the title alone', 'Sign the release tags', 'Sign the release tags.'],
    ['a title of two words, which repeat by chance', 'Sign tags', 'Sign tags with the team key.'],
  ])('%s is the hook as it is', (_, title, hook) => {
    expect(hookBeyondTitle(title, hook)).toBe(hook);
  });
});
