import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapsedLength, collapsedPrefix } from '../../src/projections/collapsedText.js';
import { fcRuns } from '../support/fcRuns.js';

const collapsed = (pieces: readonly string[]): string => pieces.join(' ').replace(/\s+/g, ' ').trim();

/** Text rich in every kind of whitespace \s knows, and in surrogate pairs. */
const piece = fc
  .array(fc.constantFrom('a', 'bc', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '😀', 'é'), { maxLength: 20 })
  .map((parts) => parts.join(''));

describe('collapsed text', () => {
  it('measures and cuts what joining, collapsing whitespace and trimming would give', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.nat({ max: 60 }), (pieces, limit) => {
        const whole = collapsed(pieces);
        expect(collapsedLength(pieces)).toBe(whole.length);
        expect(collapsedPrefix(pieces, limit)).toBe(whole.slice(0, limit));
      }),
      { numRuns: fcRuns },
    );
  });
});
