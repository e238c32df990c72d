import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, FingerprintOverlay, FingerprintSet } from '../../src/resume/fingerprintSet.js';
import { fcRuns } from '../support/fcRuns.js';

describe('FingerprintSet', () => {
  it('never says no for a string added, counts distinct strings, and an overlay answers as base plus its own while the base stays as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { maxLength: 5_000, size: 'max' }), fc.array(fc.uuid(), { maxLength: 50 }), (added, more) => {
        const set = new FingerprintSet();
        for (const uuid of added) set.add(uuid);
        expect(added.every((uuid) => set.mayHave(uuid))).toBe(true);
        expect(set.size).toBe(new Set(added).size);
        const overlay = new FingerprintOverlay(set);
        for (const uuid of more) overlay.add(uuid);
        expect(more.every((uuid) => overlay.mayHave(uuid))).toBe(true);
        expect(added.every((uuid) => overlay.mayHave(uuid))).toBe(true);
        expect(overlay.size).toBe(new Set([...added, ...more]).size);
        expect(set.size).toBe(new Set(added).size);
        // 64-bit fingerprints: a stranger is not taken for a member.
        expect(more.filter((uuid) => !added.includes(uuid)).some((uuid) => set.mayHave(uuid))).toBe(false);
      }),
      { numRuns: Math.min(fcRuns, 20) },
    );
  });

  it('lists its members once each as (high, low) pairs in ascending order, what the catalog inserts in key order (decision 95)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 3_000, size: 'max' }), (added) => {
        const set = new FingerprintSet();
        for (const text of added) set.add(text);
        const pairs = set.sortedPairs();
        const expected = [...new Set(added)]
          .map((text) => fingerprint(text))
          .filter(([high, low], i, all) => all.findIndex(([h, l]) => h === high && l === low) === i)
          .sort(([h1, l1], [h2, l2]) => h1 - h2 || l1 - l2)
          .flat();
        expect([...pairs]).toEqual(expected);
      }),
      { numRuns: Math.min(fcRuns, 30) },
    );
  });
});
