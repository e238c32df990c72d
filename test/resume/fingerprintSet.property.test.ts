import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FingerprintOverlay, FingerprintSet } from '../../src/resume/fingerprintSet.js';
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
});
