import { describe, expect, it } from 'vitest';
import { FingerprintOverlay, type FingerprintLookup } from '../../src/resume/fingerprintSet.js';

/** A lookup that counts the questions it is asked. */
function countingLookup(members: readonly string[]): FingerprintLookup & { asked: number } {
  const lookup = {
    asked: 0,
    size: members.length,
    mayHave(text: string): boolean {
      lookup.asked++;
      return members.includes(text);
    },
  };
  return lookup;
}

describe('FingerprintOverlay', () => {
  it('does not ask an empty base (nothing was forgotten): a first scan hashes no uuid for it (decision 98)', () => {
    const base = countingLookup([]);
    const overlay = new FingerprintOverlay(base);
    expect(overlay.mayHave('a')).toBe(false);
    overlay.add('b');
    expect(overlay.mayHave('b')).toBe(true);
    expect(overlay.mayHave('c')).toBe(false);
    expect(overlay.size).toBe(1);
    expect(base.asked).toBe(0);
  });

  it('asks a base that holds something, and answers as base plus its own', () => {
    const base = countingLookup(['a']);
    const overlay = new FingerprintOverlay(base);
    expect(overlay.mayHave('a')).toBe(true);
    overlay.add('a');
    expect(overlay.size).toBe(1);
    overlay.add('b');
    expect([overlay.mayHave('b'), overlay.mayHave('c'), overlay.size]).toEqual([true, false, 2]);
    expect(base.asked).toBeGreaterThan(0);
  });
});
