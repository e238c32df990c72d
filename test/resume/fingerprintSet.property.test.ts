import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint, FingerprintOverlay, FingerprintSet, unionOfSortedPairs } from '../../src/resume/fingerprintSet.js';
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

  it('an empty set, made without slots (decision 103), answers no, lists nothing, and grows from its first member', () => {
    const empty = new FingerprintSet();
    expect(empty.mayHave('a')).toBe(false);
    expect(empty.hasFingerprint(fingerprint('a'))).toBe(false);
    expect([...empty.sortedPairs()]).toEqual([]);
    const fromNone = FingerprintSet.fromPairs(new Uint32Array(0));
    expect(fromNone.mayHave('a')).toBe(false);
    const uuids = Array.from({ length: 3_000 }, (_, i) => `uuid-${i}`);
    for (const uuid of uuids) fromNone.add(uuid);
    expect(fromNone.size).toBe(uuids.length);
    expect(uuids.every((uuid) => fromNone.mayHave(uuid))).toBe(true);
    expect(fromNone.addFingerprint(fingerprint('uuid-7'))).toBe(false);
    expect(new FingerprintOverlay(empty).mayHave('a')).toBe(false);
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

  it('joins two sorted lists into the sorted pairs of the union, and a set made from sorted pairs lists them, and what it gains (decision 95)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 2_000 }), fc.array(fc.string(), { maxLength: 2_000 }), (left, right) => {
        const setOf = (texts: readonly string[]): FingerprintSet => {
          const set = new FingerprintSet();
          for (const text of texts) set.add(text);
          return set;
        };
        const union = unionOfSortedPairs(setOf(left).sortedPairs(), setOf(right).sortedPairs());
        expect([...union]).toEqual([...setOf([...left, ...right]).sortedPairs()]);
        const made = FingerprintSet.fromPairs(union);
        expect(made.size).toBe(union.length / 2);
        expect([...left, ...right].every((text) => made.mayHave(text))).toBe(true);
        expect([...made.sortedPairs()]).toEqual([...union]);
        expect(made.mayHave('not among them')).toBe([...left, ...right].includes('not among them'));
        const reversed = new Uint32Array(union.length);
        for (let i = 0; i < union.length; i += 2) reversed.set(union.subarray(i, i + 2), union.length - i - 2);
        expect([...FingerprintSet.fromPairs(reversed).sortedPairs()]).toEqual([...union]);
        made.add('one more');
        expect([...made.sortedPairs()]).toEqual([...setOf([...left, ...right, 'one more']).sortedPairs()]);
      }),
      { numRuns: Math.min(fcRuns, 30) },
    );
  });
});
