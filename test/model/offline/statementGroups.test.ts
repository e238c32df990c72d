import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { shareASubject } from '../../../src/model/offline/sharedSubject.js';

// Grouping the statements of one message (decision 68, amended by review 19). Sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] =>
  findMemoryStatements([
    user('Please help me refactor the cache module in this repo.'),
    assistant('Which part should I start with?'),
    user(said),
  ]).map((s) => s.text);

describe('two statements of one type side by side', () => {
  it('are two memories when they speak of different things', () => {
    expect(kept('Commit messages follow conventional commits. Use 2 spaces for indentation.')).toEqual([
      'Commit messages follow conventional commits.',
      'Use 2 spaces for indentation.',
    ]);
    expect(kept('Use tabs for indentation. Use single quotes in TypeScript.')).toEqual([
      'Use tabs for indentation.',
      'Use single quotes in TypeScript.',
    ]);
  });

  it('stay one memory when the second says more about the same thing or points back at it', () => {
    expect(kept('Always run lint before pushing. Never push with failing tests.')).toEqual([
      'Always run lint before pushing. Never push with failing tests.',
    ]);
    expect(kept('Stop mocking the database. Last quarter the mocks passed while the migration broke prod.')).toEqual([
      'Stop mocking the database. Last quarter the mocks passed while the migration broke prod.',
    ]);
  });
});

describe('a shared subject', () => {
  it('is a content word in both, by its stem; rule words are none', () => {
    expect(shareASubject('Never push to main.', 'Always run lint before pushing.')).toBe(true);
    expect(shareASubject('Commit messages follow conventional commits.', 'Use 2 spaces for indentation.')).toBe(false);
    expect(shareASubject('Always keep it short.', 'Never keep it long.')).toBe(false);
  });

  it('counts a short word typed in capitals: "PR", "CI" name a thing', () => {
    expect(
      shareASubject("Dependency bumps don't belong in a feature PR.", 'Separate PR each time, otherwise Renovate gets confused.'),
    ).toBe(true);
    expect(shareASubject('CI runs on every push.', 'Keep the CIs green.')).toBe(true);
    expect(shareASubject('Keep a PR small.', 'Use CI for the checks.')).toBe(false);
    expect(shareASubject('Go to the docs.', 'Go and fix it.')).toBe(false);
  });
});
