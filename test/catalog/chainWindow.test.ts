import { describe, expect, it } from 'vitest';
import { ChainWindow, newlyForgotten, type StoredForgotten } from '../../src/catalog/chainWindow.js';
import { fingerprint } from '../../src/resume/fingerprintSet.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

/** A stored kind's fingerprints as (high, low) pairs. */
const pairsOf = (pairs: Uint32Array): Array<[number, number]> =>
  Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i] ?? 0, pairs[2 * i + 1] ?? 0]);

const fold = (window: ChainWindow, entries: readonly unknown[], from = 0): void =>
  entries.forEach((entry, i) => window.add({ seq: from + i, entry: entry as Entry }));

describe('the chain window as a catalog row stores it', () => {
  it('lists nothing as newly forgotten when nothing was', () => {
    const window = new ChainWindow();
    fold(window, [userEntry('u-1', 'hello', { parentUuid: null }), userEntry('u-2', 'again', { parentUuid: 'u-1' })]);
    const snapshot = window.snapshot();
    expect(newlyForgotten(snapshot)).toEqual({ nodes: new Uint32Array(0), progress: new Uint32Array(0) });
    expect(snapshot.forgottenCounts).toEqual([0, 0]);
  });

  it('lists only what it newly forgot, counts what was stored too, and asks the store for the rest (decision 94)', () => {
    const entries = [
      userEntry('u-1', 'hello', { parentUuid: null }),
      compactBoundaryEntry('b-1', 'u-1'),
      userEntry('u-2', 'after', { parentUuid: 'b-1' }),
      compactBoundaryEntry('b-2', 'u-2'),
      userEntry('u-3', 'later', { parentUuid: 'b-2' }),
      compactBoundaryEntry('b-3', 'u-3'),
    ];
    const first = new ChainWindow();
    fold(first, entries.slice(0, 4));
    const firstSnapshot = first.snapshot();
    const table: StoredForgotten = newlyForgotten(firstSnapshot);
    expect(table).toEqual({ nodes: new Uint32Array(fingerprint('u-1')), progress: new Uint32Array(0) });
    const { forgotten: _inTheTable, ...stored } = firstSnapshot;
    const lookup = (kind: 'nodes' | 'progress', [high, low]: readonly [number, number]): boolean =>
      pairsOf(table[kind]).some(([h, l]) => h === high && l === low);
    const grown = new ChainWindow(stored, lookup);
    expect(grown.forgotten.nodes.mayHave('u-1')).toBe(true);
    fold(grown, entries.slice(4), 4);
    const snapshot = grown.snapshot();
    const ascending = [fingerprint('b-1'), fingerprint('u-2')].sort(([h1, l1], [h2, l2]) => h1 - h2 || l1 - l2);
    expect(newlyForgotten(snapshot)).toEqual({ nodes: new Uint32Array(ascending.flat()), progress: new Uint32Array(0) });
    expect(snapshot.forgottenCounts).toEqual([3, 0]);
  });

  it('reads an empty stored set back as empty and forgets on from there as a window never stored', () => {
    const entries = [
      userEntry('u-1', 'hello', { parentUuid: null }),
      compactBoundaryEntry('b-1', 'u-1'),
      userEntry('u-2', 'after', { parentUuid: 'b-1' }),
      compactBoundaryEntry('b-2', 'u-2'),
    ];
    const whole = new ChainWindow();
    fold(whole, entries);
    const first = new ChainWindow();
    fold(first, entries.slice(0, 2));
    const restored = new ChainWindow(JSON.parse(JSON.stringify(first.snapshot())) as ReturnType<ChainWindow['snapshot']>);
    fold(restored, entries.slice(2), 2);
    expect(restored.forgotten.nodes.mayHave('u-1')).toBe(true);
    expect(restored.snapshot()).toEqual(whole.snapshot());
  });
});
