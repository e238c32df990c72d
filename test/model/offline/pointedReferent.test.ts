import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { firstThingNamed, needsReferent, referentOf } from '../../../src/model/offline/pointedReferent.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

// Sentences written for these tests (decision 122), none taken from a corpus.
describe('a statement that only points needs what it points at (decision 122)', () => {
  it.each([
    'I want this as simple as possible.',
    'It needs to be a single command.',
    'Keep it under a second.',
    'That should never block the main thread.',
  ])('points: %s', (said) => expect(needsReferent(said)).toBe(true));

  it.each([
    // the thing is named before the pointing word, in the same sentence
    'When the build breaks, fix it before you push.',
    // the pointing word determines a noun
    'This repo always uses pnpm.',
    // it opens what is said after it
    'I want this: every commit signed.',
    // a placeholder subject
    'It is important to run the linter before a commit.',
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

  it('looks in the sentences before it, nearest first, then in the question the assistant asked', () => {
    expect(referentOf(['The import script is slow.', 'Can you do it again?'], undefined)).toBe('The import script');
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
