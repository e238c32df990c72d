import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { keptAlone, user } from '../../support/keptAfterAWorkTurn.js';

// A request about the work at hand is no standing rule (decision 123). Example sentences written for these tests.

describe('a request about the work at hand is not kept', () => {
  it('noise of the shape: a file, a link, a step in place of another', () => {
    expect(keptAlone('Rename the cache helper in @src/store.ts to loadEntry, then check @src/index.ts.')).toEqual([]);
    expect(keptAlone('Yes, go ahead and import the tickets from https://example.org/boards/roadmap.')).toEqual([]);
    expect(keptAlone('Instead of reinstalling everything, diff the lock file against the staging copy.')).toEqual([]);
  });

  it('noise of one occasion: a document at hand, "for this", a style word after the one task', () => {
    expect(keptAlone('Read this spec carefully before you touch any code.')).toEqual([]);
    expect(keptAlone("Don't use the browser tool for this one.")).toEqual([]);
    expect(keptAlone('Write the release note for 2.3. Keep it short.')).toEqual([]);
    expect(keptAlone('Update the install guide. Describe the new flags. Avoid jargon.')).toEqual([]);
  });

  it('a preference beside a step on an attached file or a pull request is a step of that task', () => {
    expect(keptAlone('Speed up the lookup. Use a hash map instead of a linear scan for the index. Check @src/find.ts')).toEqual([]);
    expect(keptAlone("Open the latest review on the PR. Don't take the comments on trust. Plan the fixes.")).toEqual([]);
  });

  it('"after each section" of a prompt laid out in sections', () => {
    const prompt =
      'Review the design below.\n\n## 1. Storage\nEvaluate the schema.\n\n## 2. Tests\nEvaluate the coverage.\n\nAfter each section, stop and wait for my answer.';
    expect(keptAlone(prompt)).toEqual([]);
  });
});

describe('look-alikes stay kept', () => {
  it('a place or an owner that lasts', () => {
    expect(keptAlone('Use pnpm, not npm, in this repo.')).toEqual(['Use pnpm, not npm, in this repo.']);
    expect(keptAlone('Our tickets live on https://example.org/boards/roadmap; link them in every commit.')).not.toEqual([]);
  });

  it('a lasting word, or a kind named', () => {
    expect(keptAlone('Never use the browser tool to reach internal dashboards; use the API client.')).not.toEqual([]);
    expect(keptAlone('Keep release notes short: one line per change.')).toEqual(['Keep release notes short: one line per change.']);
  });

  it('"after each" in a message without sections, and a first-person view beside a step on a file', () => {
    expect(keptAlone('After each release, tag the commit and announce it in the channel.')).not.toEqual([]);
    expect(keptAlone("Fix the typo in @README.md. I'd rather have too many tests than too few.")).not.toEqual([]);
  });
});

describe('"each item" reads the parts of the prompt only when it is in sections (decision 123, amended by review 19)', () => {
  it('a tight numbered list has no headings: "after each item" there is a rule', () => {
    const list = 'Please do these:\n\n1. Update the parser\n2. Update the docs\n\nAfter each item, run the tests and commit.';
    expect(keptAlone(list)).toEqual(['After each item, run the tests and commit.']);
  });

  it('numbered lines that head their own sections are headings', () => {
    const prompt =
      'Review the design below.\n\n1. Storage\nEvaluate the schema.\n\n2. Tests\nEvaluate the coverage.\n\nAfter each section, stop and wait for my answer.';
    expect(keptAlone(prompt)).toEqual([]);
  });
});

describe('"Instead of …, do …" is no correction opener (decision 124, amended by review 19)', () => {
  const task = user('Please help me refactor the cache module in this repo.');
  const after = (reply: string, said: string): string[][] =>
    findMemoryStatements([task, { role: 'assistant', content: reply }, user(said)]).map((s) => [s.cue, s.text]);

  it('after a question or a statement, the sentence is kept whole', () => {
    const asked = 'Shall I mock the database in these tests?';
    const told = 'I refactored the cache module.';
    const way = 'Instead of mocking, use the real database.';
    expect(after(asked, way)).toEqual([['preference', way]]);
    expect(after(told, way)).toEqual([['preference', way]]);
    expect(titleOf(way)).toBe('Instead of mocking, use the real database');
    expect(after(told, 'Instead of tabs, use two spaces for indentation.')).toEqual([
      ['preference', 'Instead of tabs, use two spaces for indentation.'],
    ]);
  });

  it('"instead," alone still opens a correction, and "instead of" a step of looking stays a step', () => {
    expect(after('I refactored the cache module.', 'Instead, use the real database.')).toEqual([['correction', 'Use the real database.']]);
    expect(after('Shall I reinstall?', 'Instead of reinstalling everything, diff the lock file against the staging copy.')).toEqual([]);
  });
});
