import { describe, expect, it } from 'vitest';
import { ChainWindow, newlyForgotten, type StoredForgotten } from '../../src/catalog/chainWindow.js';
import { fingerprint } from '../../src/resume/fingerprintSet.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

const fold = (window: ChainWindow, entries: readonly unknown[], from = 0): void =>
  entries.forEach((entry, i) => window.add({ seq: from + i, entry: entry as Entry }));

describe('the chain window as a catalog row stores it', () => {
  it('stores a set of forgotten uuids only when something was forgotten (most files: no text at all)', () => {
    const window = new ChainWindow();
    fold(window, [userEntry('u-1', 'hello', { parentUuid: null }), userEntry('u-2', 'again', { parentUuid: 'u-1' })]);
    const snapshot = window.snapshot();
    expect(snapshot.forgottenNodes).toBe('');
    expect(snapshot.forgottenProgress).toBe('');
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
    const table: StoredForgotten[] = newlyForgotten(firstSnapshot);
    expect(table).toEqual([['nodes', ...fingerprint('u-1')]]);
    const stored = { ...firstSnapshot, forgottenNodes: '', forgottenProgress: '' };
    const lookup = (kind: string, [high, low]: readonly [number, number]): boolean =>
      table.some(([k, h, l]) => k === kind && h === high && l === low);
    const grown = new ChainWindow(stored, lookup);
    expect(grown.forgotten.nodes.mayHave('u-1')).toBe(true);
    fold(grown, entries.slice(4), 4);
    const snapshot = grown.snapshot();
    const sorted = (rows: ReadonlyArray<readonly unknown[]>): string[] => rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(newlyForgotten(snapshot))).toEqual(
      sorted([
        ['nodes', ...fingerprint('b-1')],
        ['nodes', ...fingerprint('u-2')],
      ]),
    );
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
