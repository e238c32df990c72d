import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skeletonOf } from '../../src/catalog/skeletonLine.js';
import { holdsVisible } from '../../src/catalog/visibleText.js';
import { fcRuns } from '../support/fcRuns.js';

/** How a character may be written inside a JSON string: as itself, or as a \u escape (any case of hex digit). */
const escapedU = (char: string): string => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/**
 * Pieces of a JSON string body, as written: white space that String.prototype.trim removes (raw, escaped, or as \n \r \t
 * \f), and characters it keeps that look close to it (U+0085, U+180E, U+200B, U+2010, U+2011, U+3001, U+FEFE, \b, ✓, →).
 */
const piece = fc.oneof(
  fc.constantFrom(
    ' ',
    '\\n',
    '\\r',
    '\\t',
    '\\f',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u2005',
    '\u200a',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
  ),
  fc.constantFrom('\u000b', '\u000c', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff', '\u0009', '\u000a', '\u000d').map(escapedU),
  fc.constantFrom('\u00A0', '\u3000').map((c) => escapedU(c).toUpperCase().replace('\\U', '\\u')),
  fc.constantFrom(
    '\u0085',
    '\u180e',
    '\u200b',
    '\u2010',
    '\u2011',
    '\u3001',
    '\ufefe',
    '✓',
    '→',
    '…',
    'é',
    '日',
    '🚀',
    'x',
    '.',
    '\\b',
    '\\"',
    '\\\\',
    '\\/',
  ),
  fc.constantFrom('\u0085', '\u200b', '\u2010', '\u0008', '\u0041', '\ud83d').map(escapedU),
);

/** Mostly white space, now and then something else. */
const body = fc
  .tuple(fc.array(piece, { maxLength: 40 }), fc.array(fc.constantFrom(' ', '\\n', '\u3000', '\u2028'), { maxLength: 300 }), fc.boolean())
  .map(([pieces, blanks, blanksFirst]) => (blanksFirst ? blanks.join('') + pieces.join('') : pieces.join('') + blanks.join('')));

describe('whether a string body holds a character that is not white space', () => {
  it('is what String.prototype.trim says of the string JSON.parse makes of it', () => {
    fc.assert(
      fc.property(body, (text) => {
        const bytes = Buffer.from(`"${text}"`, 'utf8');
        const parsed = JSON.parse(bytes.toString('utf8')) as string;
        expect(holdsVisible(bytes, 1, bytes.length - 1)).toBe(parsed.trim() !== '');
      }),
      { numRuns: fcRuns * 5 },
    );
  });

  it('lets a long value that starts with a character like ✓, → or — be cut', () => {
    for (const lead of ['✓ ', '→', '— ', '… ', '\u2003x']) {
      const line = Buffer.from(JSON.stringify({ type: 'user', content: `${lead}${'done in 12 ms\n'.repeat(40)}` }));
      expect(skeletonOf(line)).toEqual({ text: '{"type":"user","content":".\\u0000"}', cut: true });
    }
  });
});
