import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';
import { isStyleOrder } from '../../../src/model/offline/styleOrders.js';

// Style orders over an aspect of code or a language (decision 126). Sentences written for these tests, none taken
// from a corpus.
const kept = keptAfterAWorkTurn;

describe('"use X for/in <an aspect of style or a language>" is kept as a preference', () => {
  it.each([
    'Use four spaces for indentation.',
    'Use double quotes in Python.',
    'Use 2 spaces in YAML files.',
    'Use named imports for imports.',
    'Use spaces for indentation, not tabs.',
    'Please use trailing commas in TypeScript.',
    'Use tabs in Go, since gofmt wants them.',
    'Use kebab-case for file names.',
    'Use single quotes in TypeScript, please.',
  ])('%s', (sentence) => {
    expect(isStyleOrder(sentence)).toBe(true);
    expect(kept(sentence)).toEqual([sentence]);
  });
});

describe('what to use for the work at hand is no style order', () => {
  it.each([
    'Use the helper in utils.ts for this.',
    'Use a map for the lookup.',
    'Use tabs for this.',
    'Use four spaces for indentation in this file.',
    'Use the retry helper in Python.',
    'Use single quotes in the new test?',
    'Use print statements in Python to debug this.',
    'Use tabs for indentation in the Makefile.',
  ])('%s', (sentence) => {
    expect(isStyleOrder(sentence)).toBe(false);
    expect(kept(sentence)).toEqual([]);
  });
});

describe('a piece of code where the style value would stand is no style order', () => {
  it.each([
    'Use logger.debug for comments.',
    'Use console.log() for comments.',
    'Use format() for strings.',
    'Use Config::get for constants.',
    'Use logger.debug for all comments.',
  ])('%s', (sentence) => {
    expect(isStyleOrder(sentence)).toBe(false);
    expect(kept(sentence)).toEqual([]);
  });

  it('a plain value for the same aspects is still one', () => {
    for (const sentence of ['Use block comments for comments.', 'Use UPPER_CASE for constants.', 'Use template literals for strings.']) {
      expect(isStyleOrder(sentence), sentence).toBe(true);
      expect(kept(sentence), sentence).toEqual([sentence]);
    }
  });
});
