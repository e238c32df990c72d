import { describe, expect, it } from 'vitest';
import { choiceStatement } from '../../../src/model/offline/lastingChoice.js';
import { memoryDescription, statementDescription } from '../../../src/model/offline/memoryDescription.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';

describe('memoryDescription (decision 68)', () => {
  it.each([
    ['I realized something. Tests run against a real Postgres, never mocks.', 'Tests run against a real Postgres, never mocks.'],
    // The words a statement opens with before it says anything are left out, as from its title (decision 120).
    ['One more thing: the API keys live in 1Password.', 'The API keys live in 1Password.'],
    ['Okay. So. Releases go out on Tuesdays.', 'Releases go out on Tuesdays.'],
    ['Here is the rule:\nAlways open a draft PR first.', 'Always open a draft PR first.'],
    ['Used 2 tools\nWe moved the docs to Notion.', 'We moved the docs to Notion.'],
  ])('%s', (text, description) => {
    expect(memoryDescription(text)).toBe(description);
  });

  it('keeps whole sentences while they fit, else cuts on a whole word without an ellipsis', () => {
    const first = 'Deploys happen from the release branch.';
    const long = `${first} ${'The release branch is cut every second Tuesday by whoever is on call that week. '.repeat(2)}`;
    expect(memoryDescription(long)).toBe(`${first} The release branch is cut every second Tuesday by whoever is on call that week.`);
    const oneSentence = `Every ${'very '.repeat(40)}long rule.`;
    const cut = memoryDescription(oneSentence);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut).toMatch(/very$/);
  });
});

describe('a cut description ends on a whole thought (decision 68, amended)', () => {
  it('never ends on a word that needs the one after it', () => {
    const description = memoryDescription(`Run the formatter with autofix after you are done with a ${'bunch of '.repeat(14)}edits`);
    expect(description.length).toBeLessThanOrEqual(150);
    expect(description).not.toMatch(/\s(?:a|an|the|of|to|with|and|or)$/i);
  });
  it('never leaves a parenthesis open', () => {
    const text =
      'The flaky checkouts started after the move to persistent worktrees in the last week of January (before that every worktree was deleted and cloned again each morning)';
    const description = memoryDescription(text);
    expect(description).toBe('The flaky checkouts started after the move to persistent worktrees in the last week of January');
  });
});

describe('a description says what is kept (decision 68, amended)', () => {
  it('a choice is described by what was chosen, not by the question alone', () => {
    const choice = choiceStatement(
      { question: 'Which package registry should the release workflow publish to?', answer: 'GitHub Packages' },
      0,
    );
    expect(choice).toBeDefined();
    expect(statementDescription(choice ?? { text: '' })).toBe(
      'Chose GitHub Packages when asked: Which package registry should the release workflow publish to?',
    );
  });
  it('a statement with a title is described by its title', () => {
    expect(statementDescription({ title: 'Deploys go out on Tuesdays.', text: 'So. Deploys go out on Tuesdays. Ask Kim.' })).toBe(
      'Deploys go out on Tuesdays.',
    );
  });
});

describe('a description and a title say what the memory is, without words that point into the session (decision 68, amended)', () => {
  it.each([
    ['Use snapshot tests for these parser cases.', 'Use snapshot tests.'],
    ['Write the commit messages in the imperative, same as the above.', 'Write the commit messages in the imperative.'],
    ['Name the feature flags in kebab-case like this one.', 'Name the feature flags in kebab-case.'],
    ['Keep each log line under 200 characters, as before.', 'Keep each log line under 200 characters.'],
    ['Use named exports like here.', 'Use named exports.'],
    // No rule word is left (always, never, only, stop, a negation): the phrase only points, and goes.
    ['Use table-driven tests for these test cases.', 'Use table-driven tests.'],
    ['Sign the release tags with the team key in the same way.', 'Sign the release tags with the team key.'],
  ])('%s', (said, description) => {
    expect(memoryDescription(said)).toBe(description);
    expect(titleOf(said)).toBe(description.replace(/\.$/, ''));
  });
  it('a title cut to its first words does not end on a phrase that points either', () => {
    expect(titleOf('Change the hook to use the git user in the same way we do it on the release branches and in the nightly job')).toBe(
      'Change the hook to use the git user',
    );
  });
  it.each([
    // What is said of the project itself is meant: "this repo" is the one the memory belongs to.
    'Always use pnpm in this repo.',
    // A phrase that is the whole of what is said stays.
    'Fix these tests.',
    // "These" inside the statement, not a trailing pointer, stays.
    'These scripts must stay POSIX sh.',
    // A rule's words are left whole: without the phrase it would say more, or the opposite, than was said.
    'Never write the tests the same way.',
    "Don't format dates as before.",
    'Never mock the database in these integration tests.',
    'Always pin versions for those two packages.',
    'Stop using relative imports like here.',
    'Use pnpm only for these workspaces.',
  ])('%s keeps its words', (said) => {
    expect(memoryDescription(said)).toBe(said);
    expect(titleOf(said)).toBe(said.replace(/\.$/, ''));
  });
});
