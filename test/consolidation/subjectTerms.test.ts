import { describe, expect, it } from 'vitest';
import { subjectTerms } from '../../src/consolidation/subjectTerms.js';

describe('subjectTerms', () => {
  it('keeps the words that say what a memory is about, stemmed, once each, in order', () => {
    expect(subjectTerms('Always run the tests before pushing; the tests must pass.')).toEqual(['run', 'test', 'push', 'pass']);
  });

  it('splits a slug name into its words, and keeps versions and names like c++ whole', () => {
    expect(subjectTerms('pnpm-over-npm_installing')).toEqual(['pnpm', 'npm', 'instal']);
    expect(subjectTerms('Use Python 3.12 with C++ bindings')).toEqual(['python', '3.12', 'c++', 'bind']);
  });

  it('drops the words every rule is said with, so two rules meet only on their subjects', () => {
    expect(subjectTerms('Please always remember that you should never do that')).toEqual([]);
  });
});
