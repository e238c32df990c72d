import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedWriter } from '../../src/cli/chunkedWriter.js';
import { fcRuns } from '../support/fcRuns.js';

describe('the chunked writer', () => {
  it('writes every piece once, in order, in chunks of at least its size but the last', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 })), fc.integer({ min: 1, max: 100 }), (pieces, size) => {
        const writes: string[] = [];
        const out = new ChunkedWriter((text) => writes.push(text), size);
        for (const piece of pieces) out.write(piece);
        out.flush();
        expect(writes.join('')).toBe(pieces.join(''));
        expect(writes.slice(0, -1).every((w) => w.length >= size)).toBe(true);
        expect(writes.every((w) => w.length > 0)).toBe(true);
      }),
      { numRuns: fcRuns },
    );
  });
});
