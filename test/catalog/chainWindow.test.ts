import { describe, expect, it } from 'vitest';
import { ChainWindow } from '../../src/catalog/chainWindow.js';
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
