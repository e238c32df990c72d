import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growableArray, grownTo } from '../../src/transcript/growableArray.js';
import { fcRuns } from '../support/fcRuns.js';

const TYPES = [Int32Array, Uint8Array, Uint16Array, Float64Array] as const;

describe('growable arrays', () => {
  it('keep every element written and read zero past them, grown in place or copied, in any sequence of grows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.integer({ min: 1, max: 2048 }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer(),
        (type, first, grows, seed) => {
          let array = growableArray(type as typeof Int32Array, first);
          expect(array.length).toBe(first);
          const written = new Map<number, number>();
          const valueAt = (i: number): number =>
            ((i * 2654435761 + seed) >>> 0) % (type === Uint8Array ? 256 : type === Uint16Array ? 65536 : 1 << 30);
          const fill = (from: number): void => {
            for (let i = from; i < array.length; i += 97) {
              written.set(i, valueAt(i));
              array[i] = valueAt(i);
            }
          };
          fill(0);
          for (const extra of grows) {
            const before = array.length;
            array = grownTo(array, before + extra);
            expect(array.length).toBeGreaterThanOrEqual(before + extra);
            // One expect over all the elements, not one per element: tens of thousands a run, and vitest's expect costs microseconds each.
            const lost = [...written].filter(([i, value]) => array[i] !== value).map(([i]) => i);
            expect(lost).toEqual([]);
            const nonZero: number[] = [];
            for (let i = before; i < array.length; i += 61) if (array[i] !== 0) nonZero.push(i);
            expect(nonZero).toEqual([]);
            fill(before);
          }
        },
      ),
      { numRuns: Math.min(fcRuns, 40) },
    );
  });

  it('past the first reservation (1 MiB) are copied once into a larger one and go on growing in place', () => {
    let array = growableArray(Float64Array, 1024);
    for (let i = 0; i < 300_000; i++) {
      if (i === array.length) array = grownTo(array, i + 1);
      array[i] = i;
    }
    expect(array.buffer.byteLength).toBeGreaterThan(1024 * 1024);
    for (let i = 0; i < 300_000; i += 1009) expect(array[i]).toBe(i);
    const reserved = array.buffer.maxByteLength;
    const grown = grownTo(array, array.length + 1);
    expect(grown).toBe(array);
    expect(grown.buffer.maxByteLength).toBe(reserved);
  });
});
