import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { choiceStatement } from '../../../src/model/offline/lastingChoice.js';

// An independent review of decisions 106 (amended) and 110: each finding's invented inputs, both ways.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] =>
  findMemoryStatements([assistant('I pushed the branch; the checks are running.'), user(said)]).map((s) => s.text);

describe('the person’s own lines kept (decision 106, review)', () => {
  it('a list item going on indented under its marker, and commands under a rule, are no terminal wrap', () => {
    const item =
      '- Always run the formatter on generated files before you open a pull request, because the CI\n  step rejects anything that is not formatted.';
    expect(keptOf(item)).toHaveLength(1);
    expect(
      keptOf('Always run these two checks before you push anything to the shared branches of this repo\n  npm test\n  npm run lint'),
    ).toHaveLength(1);
  });

  it('a severity word opening the person’s own rule', () => {
    for (const said of [
      'Low: always keep the log level at warn in production.',
      'nit: we always use single quotes in this repo',
      'P1: never ship without the migration script',
    ])
      expect(keptOf(said), said).toHaveLength(1);
  });

  it('a lasting request followed by a question about it', () => {
    for (const said of [
      'could you run prettier, do that always before committing',
      'can you squash the commits, will you always do that from now on?',
    ])
      expect(keptOf(said), said).toHaveLength(1);
  });

  it('a link to an issue or pull request that says where something is kept', () => {
    expect(keptOf('Known flaky tests are tracked in https://github.com/acme/sync/issues/88')).toHaveLength(1);
    expect(keptOf('ok then work on https://github.com/acme/sync/issues/47')).toEqual([]);
  });
});

describe('a rename replaces a name, not a rule (decision 110, review)', () => {
  it('a move of the database after a rule about it keeps both', () => {
    const said = findMemoryStatements([
      assistant('Ran the suite.'),
      user('Always run the integration tests against the staging database.'),
      assistant('Done.'),
      user('The staging database moved to eu-west-1.'),
    ]).map((s) => s.text);
    expect(said).toContain('Always run the integration tests against the staging database.');
  });
});

describe('one-off orders, states and questions are not kept (decision 110, review)', () => {
  it.each([
    'deploy it with kubectl',
    'package this with webpack',
    'can you release it with goreleaser now?',
    'Release with missing assets again.',
    'Do small PRs get reviewed faster?',
    'can you make separate commits for each fix?',
    'We usually end up rebasing by hand.',
    'I usually run out of context around here.',
    'we usually have flaky e2e runs on Mondays',
    'The name is now wrong.',
    'The app is now up-to-date.',
    'the service is now read-only',
    'the project is still work-in-progress',
    "let's switch to staging",
    "let's switch to sonnet",
    'ok so let’s move to review',
  ])('%s', (said) => {
    expect(keptOf(said)).toEqual([]);
  });

  it('while the kinds still hold', () => {
    expect(keptOf('We release new versions with goreleaser.')).toHaveLength(1);
    expect(keptOf('can you do meaningful commits?')).toEqual(['Do meaningful commits.']);
    expect(keptOf('The go package name stays gitsync.')).toHaveLength(1);
  });
});

describe('choices about the work at hand (decision 110, review)', () => {
  it.each([
    ['Fix approach?', 'Patch the parser'],
    ['Release?', 'Not yet'],
    ['Test strategy?', 'Add a regression test'],
    ['How should I handle the merge conflict?', 'Keep both changes'],
    ['Which license should we use?', 'No preference'],
    ['Which license should we use?', 'No, let’s wait'],
    ['Windows build?', 'No idea'],
    ['Windows build?', 'Skip the rest'],
    ['Windows build?', 'No changes'],
  ])('"%s" → %s is not kept', (question, answer) => {
    expect(choiceStatement({ question, answer }, 0)).toBeUndefined();
  });

  it('a choice of what is left out, or of how the product behaves, still is', () => {
    expect(choiceStatement({ question: 'Windows build?', answer: 'Skip Windows (current config)' }, 0)).toBeDefined();
    expect(choiceStatement({ question: 'How should the importer handle foreign refs?', answer: 'Exclude by default' }, 0)).toBeDefined();
  });
});
