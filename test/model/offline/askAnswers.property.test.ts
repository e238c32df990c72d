import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askAnswers } from '../../../src/model/offline/askAnswers.js';
import { fcRuns } from '../../support/fcRuns.js';

/** The pattern the answers were first read with (and the person's notes after one): right, but quadratic when many answers never close. */
const REFERENCE = /"="([\s\S]*?)"(?=\s*(?:,\s*"|\.\s*You can now\b|\s+selected preview\b|\s*user notes:|\.?\s*$))/g;
const reference = (text: string): string[] =>
  [...text.matchAll(REFERENCE)].map((match) => (match[1] ?? '').trim()).filter((answer) => answer !== '');

const HEAD = 'User has answered your questions: ';
const pieces = [
  '"="',
  '"',
  ', "',
  '. You can now continue',
  ' selected preview',
  ' user notes: ',
  ' ',
  '\n',
  '.',
  'a',
  'pnpm',
  '4000, always',
  '=',
  ',',
];

describe('AskUserQuestion answers', () => {
  it('are read as the first reading pattern reads them, for any arrangement of quotes, pairs and closings', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = HEAD + parts.join('');
        expect(askAnswers(text)).toEqual(reference(text));
      }),
      { numRuns: fcRuns * 5 },
    );
  });

  it('of a result with thousands of pairs that never close are none, read in one pass', () => {
    const text = `${HEAD}${'"="x'.repeat(50_000)}`;
    expect(askAnswers(text)).toEqual([]);
  });

  it('reads two answers and the closing sentence as Claude Code words them', () => {
    const text = `${HEAD}"Which port?"="4000, always", "Package manager?"="pnpm". You can now continue with the user's answers in mind.`;
    expect(askAnswers(text)).toEqual(['4000, always', 'pnpm']);
  });
});
