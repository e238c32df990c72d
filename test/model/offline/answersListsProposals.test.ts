import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { answeredText, askResult, askUserQuestion } from '../../support/askUserQuestion.js';

// Answers, pasted lists and proposals asked as questions are no standing rule (decision 124).
// Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The texts kept of one reply to what the assistant said. */
const keptAfter = (said: string, reply: string): string[] => findMemoryStatements([assistant(said), user(reply)]).map((s) => s.text);
const keptOf = (reply: string): string[] => keptAfter('I looked at the project layout.', reply);

describe('a reply that only answers the assistant’s question is not kept', () => {
  it.each([
    ['Anything else to add before I start?', 'Nothing more from my side.'],
    ['Are there other documents you want included?\n\nLet me know and I will proceed.', 'I dont have anything to add'],
    ['Do you have a name in mind for the mascot?', 'No, I haven’t got one in mind, surprise me.'],
    ['Any apps you like the feel of? Could be a clock widget.', 'no, I dont have such, let it be a surprise'],
    ['Should the banner use option A or option B?', 'Go with B for now, since it’s only the demo screen.'],
    ['Which fix first, A or B?', 'Keep A as the immediate fix, since the panel is our own.'],
    ['Which of the three layouts?', 'Option 2, because the sidebar stays visible.'],
  ])('after "%s": not "%s"', (said, reply) => {
    expect(keptAfter(said, reply)).toEqual([]);
  });

  it.each([
    ['Should the feed use streaming (A) or polling (B)?', 'B — and from now on we pick streaming over polling everywhere.'],
    ['Should I deploy it today? It is Friday.', 'No, we never deploy on Fridays.'],
    ['Which package manager should I use?', 'Use pnpm, since the workspace needs it.'],
  ])('after "%s": an answer with a rule of its own, "%s", is kept', (said, reply) => {
    expect(keptAfter(said, reply)).toHaveLength(1);
  });

  it.each([
    ['Which option: A) rebase B) merge?', 'B since we squash merge everything.', 'We squash merge everything.'],
    ['Should the store use A or B?', 'Go with B since we use Postgres as the database.', 'We use Postgres as the database.'],
    ['Which image, 1 or 2?', '2, because we deploy with Docker everywhere.', 'We deploy with Docker everywhere.'],
    ['Pin it (A) or float it (B)?', 'A, because we pin every dependency in this repo.', 'We pin every dependency in this repo.'],
  ])('after "%s", an option picked for the team’s practice, "%s", is that practice', (said, reply, practice) => {
    const found = findMemoryStatements([assistant(said), user(reply)]);
    expect(found.map((s) => s.text)).toEqual([practice]);
    expect(titleOf(found[0]?.text ?? '')).toMatch(/^We /);
  });

  it.each([
    ['Anything else before I start?', 'Nothing to add, but always run lint before pushing.', 'Always run lint before pushing.'],
    ['Anything else before I start?', 'Nothing more from my side, but never push to main directly.', 'Never push to main directly.'],
    ['Should it be A or B?', 'B, and we always pick the simplest option.', 'We always pick the simplest option.'],
  ])('after "%s", what follows an answer’s filler in "%s" is the memory, without the filler', (said, reply, text) => {
    const found = findMemoryStatements([assistant(said), user(reply)]);
    expect(found.map((s) => s.text)).toEqual([text]);
  });

  it('a letter read as a word or a language is no option picked', () => {
    expect(keptOf('Use C for the parser, since the hot loop needs it.')).toHaveLength(1);
    expect(keptAfter('Which would you like?', 'Use a queue for the jobs, since retries need it.')).toHaveLength(1);
  });

  it('what the person says of themselves stays theirs', () => {
    expect(keptOf('I don’t have admin rights on this machine.')).toHaveLength(1);
  });

  it('an option picked in words typed to AskUserQuestion, with a reason, is the question’s', () => {
    const question = 'Should the race condition be filed as a security issue or as code quality?';
    const conversation = [
      askUserQuestion('q1', [{ question, options: ['Security issue', 'Code quality'] }]),
      askResult('q1', answeredText([[question, 'Keep A as the immediate fix, since this panel is our own.']])),
    ];
    expect(findMemoryStatements(conversation)).toEqual([]);
  });
});

describe('"Said to correct" is written only for a correction of what the assistant said or did', () => {
  it('a "no" that answers its question is no correction', () => {
    const [statement] = findMemoryStatements([assistant('Should I deploy it today?'), user('No, we never deploy on Fridays.')]);
    expect(statement?.cue).not.toBe('correction');
  });

  it('a "no" that orders another way turns down what its question proposed', () => {
    const [statement] = findMemoryStatements([assistant('Which banner do you want, A or B?'), user('No, just print the project name.')]);
    expect(statement).toMatchObject({ cue: 'correction', text: 'Just print the project name.' });
  });

  it('a "no" to what it did corrects it, quoting its words', () => {
    const [statement] = findMemoryStatements([assistant('I deployed it to staging.'), user('No, we never deploy on Fridays.')]);
    expect(statement).toMatchObject({ cue: 'correction', corrected: 'I deployed it to staging.' });
  });

  it.each([
    [
      'Shall I mock the database in these tests?',
      "No, that's not how we do it, tests hit the real database.",
      'Tests hit the real database.',
      'feedback',
    ],
    ['Want me to run the formatter?', 'No, prettier runs in the pre-commit hook.', 'prettier runs in the pre-commit hook.', 'project'],
    [
      'Should I add a Redis mock?',
      "No, we don't do that here, integration tests use a real Redis container.",
      'Integration tests use a real Redis container.',
      'feedback',
    ],
  ])('after "%s", a "no" that says how things are or are done keeps it: "%s"', (said, reply, text, type) => {
    const found = findMemoryStatements([user('Please help me refactor the cache module.'), assistant(said), user(reply)]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ text, type });
    expect(found[0]?.cue).not.toBe('correction');
  });

  it.each([
    ['Shall I rerun the tests?', 'No, the tests are fine now.'],
    ['Should I bump the version?', 'No, the release script bumps it.'],
    ['Should I use the second layout?', 'No, the first one works better for this.'],
    ['Shall I continue?', 'No, thanks anyway, that was enough.'],
  ])('after "%s", a bare answer "%s" is the question’s', (said, reply) => {
    expect(findMemoryStatements([user('Please help me refactor the cache module.'), assistant(said), user(reply)])).toEqual([]);
  });

  it('a tool call it made is never quoted', () => {
    const call = '[tool call Bash] {"command":"npm install --force"}';
    const after = (said: string) => findMemoryStatements([assistant(said), user('No, use pnpm in this repo.')])[0];
    expect(after(`I will install the packages. ${call}`)).toMatchObject({ cue: 'correction', corrected: 'I will install the packages.' });
    const bare = after(call);
    expect(bare?.cue).toBe('correction');
    expect(bare?.corrected).toBeUndefined();
  });
});

describe('lines of a pasted label list and a product’s blurb are not the person’s words', () => {
  it.each([
    'perf - Causes slow queries or high memory use',
    'wontfix - This will not be worked on',
    'a11y - Breaks keyboard or screen reader access',
    'severity:\nblocker - Crash or data loss on save\nminor - cosmetic issue in a rarely seen screen',
    'Acme Sync is a new service that mirrors every folder to the cloud on save.',
    'Acme Sync is a new platform that mirrors every folder.\nWhen you save a file, Acme Sync always uploads the folder alongside it.',
  ])('not: %s', (said) => {
    expect(keptOf(said)).toEqual([]);
  });

  it.each([
    ['deploys - Only on Tuesdays, never on Fridays.', 'Only on Tuesdays, never on Fridays'],
    ['naming - Branch names are always kebab-case.', 'Branch names are always kebab-case'],
    ['commits - Never more than one topic in a commit.', 'Never more than one topic in a commit'],
  ])('one label-shaped line with a rule word is the person’s rule: %s', (said, rule) => {
    const [statement, ...rest] = findMemoryStatements([assistant('I looked at the project layout.'), user(said)]);
    expect(rest).toEqual([]);
    expect(statement?.type).toBe('feedback');
    expect(statement?.text).toContain(rule);
  });

  it('a rule word does not make a line of a list of two the person’s', () => {
    expect(keptOf('stale - Closed when it was never touched in ninety days\nwontfix - This will not be worked on')).toEqual([]);
  });

  it.each([
    ['Acme Sync is a new tool. Never call its API from tests.', 'Never call its API from tests.'],
    ['Acme Sync is a new tool that mirrors folders. Always pin its client version.', 'Always pin its client version.'],
    ['Beacon is a new service for flags.\nDo not read flags outside the flags module.', 'Do not read flags outside the flags module.'],
  ])('an order beside a blurb in its paragraph is the person’s: %s', (said, order) => {
    expect(keptOf(said)).toEqual([order]);
  });

  it('the request after a blurb is still read', () => {
    const said =
      'Acme Sync is a new platform that mirrors folders.\nAcme introduces Snapshots, kept forever.\n\nAlways run the sync tests before a release.';
    expect(keptOf(said)).toEqual(['Always run the sync tests before a release.']);
  });

  it.each([
    'Our labels are prefixed with their category, like area/backend.',
    'deploys - we never run them on Fridays',
    'We use pnpm - never npm - in this repo.',
    'Our new service is a platform that we always deploy with Helm.',
  ])('kept: %s', (said) => {
    expect(keptOf(said)).toHaveLength(1);
  });
});

describe('a proposal after a question’s head and a colon is asked about, not stated', () => {
  it.each([
    'How bad would it be to: drop the retry loop and fail fast after every error',
    'what impact would this change have:  validate every order after every fill. On mismatch, drop the book. On latency',
    'Would it hurt if we: always rebuild the index on start',
  ])('not: %s', (said) => {
    expect(keptOf(said)).toEqual([]);
  });

  it.each(['Drop the retry loop: we fail fast after every error by design.', 'What we do: always rebase before merging.'])(
    'kept: %s',
    (said) => {
      expect(keptOf(said)).toHaveLength(1);
    },
  );

  it('a rule in the next paragraph is read', () => {
    const [statement, ...rest] = keptOf('How bad would it be to: drop the retry loop\n\nAlso, never push to main.');
    expect(rest).toEqual([]);
    expect(statement).toMatch(/never push to main\.$/i);
  });
});
