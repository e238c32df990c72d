/**
 * An immutable map from keys to the log position where each was first seen, with O(1)
 * inserts. Positions only grow, so a view is "everything inserted up to position p": the newest
 * view inserts in place (a transient update), an older view that is extended copies the
 * entries it can see first. Folding a log never extends an old view, so it never copies;
 * code that does (a test, a what-if) still gets correct, independent results.
 */
export interface IndexView<K> {
  readonly store: Store<K>;
  /** The newest position this view has seen. */
  readonly upTo: number;
}

interface Store<K> {
  readonly positions: Map<K, number>;
  /** The `upTo` of the newest view over this store. */
  latest: number;
}

export function emptyIndex<K>(): IndexView<K> {
  return { store: { positions: new Map(), latest: Number.NEGATIVE_INFINITY }, upTo: Number.NEGATIVE_INFINITY };
}

/** Where `key` was first seen, as this view knows it. */
export function positionOf<K>(view: IndexView<K>, key: K): number | undefined {
  const at = view.store.positions.get(key);
  return at !== undefined && at <= view.upTo ? at : undefined;
}

/** The view with `key` seen at `position` (the earlier position wins if it was seen before). */
export function insert<K>(view: IndexView<K>, key: K, position: number): IndexView<K> {
  if (positionOf(view, key) !== undefined) return view;
  if (position < view.upTo) throw new RangeError('positions must not go back');
  let store = view.store;
  if (store.latest !== view.upTo) {
    const visible = new Map<K, number>();
    for (const [k, at] of store.positions) if (at <= view.upTo) visible.set(k, at);
    store = { positions: visible, latest: view.upTo };
  }
  store.positions.set(key, position);
  store.latest = position;
  return { store, upTo: position };
}
