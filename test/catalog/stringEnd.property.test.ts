import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closingQuote } from '../../src/catalog/stringEnd.js';
import { fcRuns } from '../support/fcRuns.js';

/** JSON's own rule, one byte at a time: the closing quote's index, or -1 for a control character, a bad escape or the end. */
function closingQuoteByteByByte(bytes: Uint8Array, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = bytes[i] ?? 0;
    if (c === 0x22) return i;
    if (c < 0x20) return -1;
    if (c !== 0x5c) continue;
    const next = bytes[i + 1];
    if (i + 1 >= end || next === undefined) return -1;
    if (next === 0x75) {
      const hex = Array.from(bytes.subarray(i + 2, i + 6));
      if (i + 5 >= end || hex.length < 4 || !hex.every((h) => /[0-9a-fA-F]/.test(String.fromCharCode(h)))) return -1;
      i += 5;
    } else if ([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74].includes(next)) i += 1;
    else return -1;
  }
  return -1;
}

/**
 * Bytes around every boundary the word masks test (decision 103): the three bytes sought, their neighbours, control
 * characters and 0x20, escapes' letters and hex digits, and bytes of 0x80 or over (a multi-byte character's).
 */
const byte = fc.constantFrom(
  0x22,
  0x5c,
  0x00,
  0x01,
  0x1f,
  0x20,
  0x21,
  0x23,
  0x5b,
  0x5d,
  0x41,
  0x75,
  0x6e,
  0x2f,
  0x30,
  0x66,
  0x7f,
  0x80,
  0xa2,
  0xdc,
  0xe2,
  0xff,
);

describe('closingQuote (stringEnd.ts)', () => {
  it('finds what a byte-by-byte reading of JSON finds, for any bytes, at every alignment of the buffer', () => {
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 64 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 7 }),
        (body, before, after) => {
          const buffer = new ArrayBuffer(((before + body.length + after + 3) >> 2) << 2);
          const bytes = new Uint8Array(buffer);
          // The bytes around the string are quotes and backslashes: a scan that strays past its end or start would meet them.
          bytes.fill(0x22);
          bytes.set(body, before);
          const words = new Int32Array(buffer);
          const end = before + body.length;
          expect(closingQuote(bytes, words, before, end)).toBe(closingQuoteByteByByte(bytes, before, end));
        },
      ),
      { numRuns: fcRuns * 20 },
    );
  });
});
