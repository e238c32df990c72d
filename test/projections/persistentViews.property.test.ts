import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { append, emptyList, listItems, type ListView } from '../../src/projections/appendOnlyList.js';
import { emptyIndex, insert, positionOf, type IndexView } from '../../src/projections/appendOnlyIndex.js';
import { fcRuns } from '../support/fcRuns.js';

/**
 * The two stores that append in place for the newest view stay immutable for every view: any
 * view, extended in any order (also an old one, which must copy), keeps exactly what a plain
 * copied array or map would hold.
 */
describe('append-only persistent views', () => {
  it('a list view holds exactly its own items, however older views are extended', () => {
    // Each step extends the view made by an earlier step (or the empty one) with one item.
    const steps = fc.array(fc.tuple(fc.nat(), fc.integer()), { maxLength: 60 });
    fc.assert(
      fc.property(steps, (ops) => {
        const views: Array<{ view: ListView<number>; model: number[] }> = [{ view: emptyList(), model: [] }];
        for (const [from, item] of ops) {
          const base = views[from % views.length]!;
          views.push({ view: append(base.view, item), model: [...base.model, item] });
        }
        for (const { view, model } of views) {
          expect(listItems(view)).toEqual(model);
          expect(view.length).toBe(model.length);
        }
      }),
      { numRuns: fcRuns * 3 },
    );
  });

  it('an index view knows exactly the keys inserted up to it, at their first position', () => {
    const steps = fc.array(fc.tuple(fc.nat(), fc.constantFrom('a', 'b', 'c', 'd', 'e')), { maxLength: 60 });
    fc.assert(
      fc.property(steps, (ops) => {
        const views: Array<{ view: IndexView<string>; model: Map<string, number>; at: number }> = [
          { view: emptyIndex(), model: new Map(), at: 0 },
        ];
        let position = 0;
        for (const [from, key] of ops) {
          const base = views[from % views.length]!;
          position = Math.max(position, base.at) + 1;
          const model = new Map(base.model);
          if (!model.has(key)) model.set(key, position);
          views.push({ view: insert(base.view, key, position), model, at: position });
        }
        for (const { view, model } of views) {
          for (const key of ['a', 'b', 'c', 'd', 'e']) expect(positionOf(view, key)).toBe(model.get(key));
        }
      }),
      { numRuns: fcRuns * 3 },
    );
  });
});
