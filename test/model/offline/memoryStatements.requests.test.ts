import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { bodyOf } from '../../../src/model/offline/memoryDraft.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** What one message, said after an ordinary assistant turn, is kept as: the cue and type per statement. */
const kept = (said: string) => findMemoryStatements([assistant('I ran the suite; everything passes.'), user(said)]);

// Example sentences written for these tests, one per kind of statement (decision 77), none taken from a corpus.
describe('requests for work now are tasks, however politely said (decision 77)', () => {
  for (const said of [
    'I want you to also add a retry test for the upload path.',
    'I want you to focus on the login flow before anything else.',
    "I'd like you to rewrite the parser with a state machine.",
    'I need you to look into the flaky export job.',
    "Let's try something like 'list the first 3 rows and tell me first 5 column names'.",
  ])
    it(said, () => expect(kept(said)).toEqual([]));
});

describe('a symptom or a status is no rule, even said with "never" (decision 77)', () => {
  for (const said of [
    'We never get a reply from the webhook.',
    'The page never shows the saved draft.',
    'The sync job currently is hanging, so skip it.',
    'The import is currently stuck at 40%.',
  ])
    it(said, () => expect(kept(said)).toEqual([]));
});

describe('lasting rules said as requests (decision 77)', () => {
  it('a polite question that carries "always" or "from now on" is a rule', () => {
    for (const said of ['Can you always use pnpm here?', 'Could you write the commit messages in English from now on?'])
      expect(
        kept(said).map((s) => s.type),
        said,
      ).toEqual(['feedback']);
  });

  it('a request tied to the person’s standing setup is a rule', () => {
    const [found] = kept('Then serve it on a different port for me, so I can compare with my usual install.');
    expect(found).toMatchObject({ type: 'feedback' });
  });

  it('a naming scheme with a placeholder is a convention, kept with what it names', () => {
    const found = kept('Create a virtualenv for this. Name it py[ver] with [ver] being the Python version, e.g. 312.');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'feedback' });
    expect(bodyOf(found[0]!)).toContain('virtualenv');
  });

  it('"we use X only" is a rule, and the question that prompted it is kept as how it was said', () => {
    const found = kept('Where did these .txt files come from? We use Markdown only.');
    expect(found.map((s) => s.type)).toEqual(['feedback']);
    expect(bodyOf(found[0]!)).toContain('.txt files');
  });

  it('a real rule asking to be told first still is one', () => {
    expect(kept('Tell me first before you delete any branch.').map((s) => s.type)).toEqual(['feedback']);
  });
});

describe('preferences and practices said as requests (decision 77)', () => {
  for (const said of [
    'Get my approval on the plan before you change any schema.',
    "I'd like to start committing the generated snapshots.",
    "Let's start writing the changelog by hand.",
  ])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['feedback']));

  it('the work of the moment still is not: "start preparing this", "start the server"', () => {
    for (const said of [
      'I only need a minute to check.',
      'Start the dev server and open the page.',
      'I changed the timeout and now the tests pass.',
    ])
      expect(kept(said), said).toEqual([]);
  });
});

describe('where things run for the person, what the project uses here, a fact set right (decision 77)', () => {
  it('running something apart from the person’s own setup, asked "for me", is a rule', () => {
    for (const said of ['For me, serve it on port 3001.', 'Start the preview on a separate port for me.'])
      expect(
        kept(said).map((s) => s.type),
        said,
      ).toEqual(['feedback']);
  });

  it('"we use X here" is a convention', () => {
    expect(kept('We use pnpm here.').map((s) => s.type)).toEqual(['feedback']);
  });

  it('a fact said with what it is not is a project fact, and it replaces the earlier version', () => {
    const found = findMemoryStatements([
      user('Remember that the uploads bucket is in us-east-1.'),
      assistant('Noted.'),
      user('I realized something. The uploads bucket is in eu-west-1, not us-east-1.'),
    ]);
    expect(found.map((s) => s.type)).toEqual(['project']);
    expect(found[0]?.text).toMatch(/The uploads bucket is in eu-west-1, not us-east-1\.$/);
  });

  it('a bug located by what it is not is no fact', () => {
    expect(kept('The bug is in the parser, not the lexer.')).toEqual([]);
  });
});
