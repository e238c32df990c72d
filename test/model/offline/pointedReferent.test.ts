import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { needsReferent, referentOf } from '../../../src/model/offline/pointedReferent.js';
import { firstThingNamed } from '../../../src/model/offline/thingNamed.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

// Sentences written for these tests (decision 122), none taken from a corpus.
describe('a statement that only points needs what it points at (decision 122)', () => {
  it.each([
    'I want this as simple as possible.',
    'It needs to be a single command.',
    'Keep it under a second.',
    'That should never block the main thread.',
    // the look-alikes of a placeholder: "it" is the subject of what it needs, must or does
    'It needs to be configurable.',
    'It must always alert the person on call.',
    'I want it to always use the new names.',
  ])('points: %s', (said) => expect(needsReferent(said)).toBe(true));

  it.each([
    // the thing is named before the pointing word, in the same sentence
    'When the build breaks, fix it before you push.',
    // the pointing word determines a noun
    'This repo always uses pnpm.',
    // it opens what is said after it
    'I want this: every commit signed.',
    // a placeholder subject, whatever links it to what is said of the clause after it
    'It is important to run the linter before a commit.',
    'It makes sense to always rebase before a merge.',
    'It would be nice to always run the audit first.',
    "It's always better to ask than to guess.",
    'It is a rule that every commit is signed.',
    // a "this" that points forward to what follows a colon
    'This is how we always ship: tag first, then publish.',
    // a "that" opening a clause
    'Make sure that in the README we list every flag.',
  ])('does not: %s', (said) => expect(needsReferent(said)).toBe(false));
});

describe('the referent is the first thing named before it (decision 122)', () => {
  it('takes the first noun phrase, read through a partitive', () => {
    expect(firstThingNamed('Can we make part of the nightly export job retry on failure?')).toBe('the nightly export job');
    expect(firstThingNamed('Could you look at the deploy-preview workflow?')).toBe('the deploy-preview workflow');
    expect(firstThingNamed('Can you do it again?')).toBeUndefined();
  });

  it('reads no thanks as a thing named', () => {
    expect(firstThingNamed('Thanks for the fix.')).toBe('the fix');
    expect(firstThingNamed('Cheers, the build is green.')).toBe('the build');
  });

  it('looks in the sentences before it, nearest first, then in the question the assistant asked', () => {
    expect(referentOf(['The import script is slow.', 'Can you do it again?'], undefined)).toBe('the import script');
    expect(referentOf([], 'I looked at it. Should the export job also write CSV files?')).toBe('the export job');
    expect(referentOf([], 'I updated the export job.')).toBeUndefined();
    expect(referentOf([], undefined)).toBeUndefined();
  });
});

describe('through findMemoryStatements (decision 122)', () => {
  const statementsOf = (...messages: ModelMessage[]) => findMemoryStatements(messages).map((statement) => statement.text);

  it('leads a pointing statement with what it is about', () => {
    const texts = statementsOf(
      assistant('I updated the script.'),
      user(
        "Can we make part of the deploy process to check the version? I want this as simple as possible, i don't want to remember several commands.",
      ),
    );
    expect(texts).toContainEqual(expect.stringMatching(/^About the deploy process: I want this as simple as possible/));
  });

  it('reads the referent from the question the assistant asked', () => {
    const texts = statementsOf(
      assistant('Should the nightly export keep its old file names?'),
      user('I want it to always use the new names.'),
    );
    expect(texts).toContainEqual(expect.stringMatching(/^About the nightly export: I want it to always use the new names/));
  });

  it("takes the question's thing only when the message opens as its answer", () => {
    expect(statementsOf(assistant('Should the nightly export also compress?'), user('No. Never compress it.'))).toEqual([
      expect.stringMatching(/^About the nightly export: Never compress it/),
    ]);
    expect(
      statementsOf(assistant('Should the nightly export also compress?'), user('As I said earlier, I was wrong. Never compress it.')),
    ).not.toContainEqual(expect.stringMatching(/About the nightly export/));
  });

  it('keeps a statement whose referent is named nowhere as said', () => {
    const texts = statementsOf(assistant('Done.'), user("I want this as simple as possible, i don't want to remember several commands."));
    expect(texts).toEqual(["I want this as simple as possible, i don't want to remember several commands."]);
  });

  it('leaves a statement grouped after the sentence that names its thing as said', () => {
    const texts = statementsOf(
      assistant('Done.'),
      user('From now on, when a flaky test shows up, do not just retry it. If you must retry it, also open an issue for it.'),
    );
    expect(texts.join(' ')).not.toMatch(/About /);
  });

  it('leaves the title of such a group without the lead too', () => {
    const found = findMemoryStatements([
      assistant('Done.'),
      user(
        'From here on out, if you run into something like this, a flaky test that is causing trouble, do not just report it. If you must report it, also have the foresight to add a guard that keeps it from breaking again.',
      ),
    ]);
    expect(found.some((statement) => statement.title !== undefined)).toBe(true);
    expect(found.flatMap((statement) => [statement.text, statement.title ?? ''])).not.toContainEqual(expect.stringMatching(/About /));
  });
});

describe('the title of a led statement (decision 122, amended)', () => {
  it('is the referent without its article, then the title the statement gets without the lead', () => {
    expect(titleOf('About the manual-release process: I want this as streamlined as possible, with one command.')).toBe(
      'Manual-release process: I want this as streamlined as possible, with one command',
    );
    // the opener the title drops is dropped after the lead too, and an ordinary first word keeps no capital
    expect(titleOf('About the readme: If not please make it so and merge every request after making a PR')).toBe(
      `Readme: ${titleOf('If not please make it so and merge every request after making a PR').replace(/^M/, 'm')}`,
    );
    // a name keeps its case
    expect(titleOf('About the README.md link: must point to docs/INDEX.md.')).toMatch(/^README\.md link: /);
  });

  it('a statement without a lead is titled as before', () => {
    expect(titleOf('Never compress the nightly export.')).toBe('Never compress the nightly export');
  });

  it('a grouped pointing statement led by its referent gives the memory no title of its own', () => {
    for (const said of [
      'I talked to Sarah about the deploy script. It must never run on Fridays.',
      'We had three outages last month because of the cron job. It must always alert the on-call person.',
    ]) {
      const found = findMemoryStatements([user(said)]);
      expect(found.map((statement) => statement.text)).toEqual([said]);
      expect(found[0]?.title).toBeUndefined();
    }
  });

  it('the referent keeps no capital a sentence start gave its article', () => {
    expect(firstThingNamed('The tests pass now.')).toBe('the tests');
    expect(firstThingNamed('Could you look at the README.md link?')).toBe('the README.md link');
  });
});
