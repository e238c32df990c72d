/**
 * An immutable list that only grows at its end, with O(1) appends and one array slot per item.
 * Like {@link IndexView} (appendOnlyIndex.ts), a view is "the first `length` items of a shared
 * store": the newest view appends in place, and an older view that is extended copies what it
 * can see first. Folding a log never extends an old view, so it never copies; a long session
 * keeps one pointer per item instead of a cons cell (bench/readerMemory.bench.ts).
 */
export interface ListView<T> {
  readonly store: { readonly items: T[] };
  readonly length: number;
}

export function emptyList<T>(): ListView<T> {
  return { store: { items: [] }, length: 0 };
}

/** The view with `item` after everything this view holds. */
export function append<T>(view: ListView<T>, item: T): ListView<T> {
  const owned = view.store.items.length === view.length;
  const store = owned ? view.store : { items: view.store.items.slice(0, view.length) };
  store.items.push(item);
  return { store, length: view.length + 1 };
}

/** The newest item, if any. */
export function lastItem<T>(view: ListView<T>): T | undefined {
  return view.length === 0 ? undefined : view.store.items[view.length - 1];
}

/** The items this view holds, oldest first, as a new array. */
export function listItems<T>(view: ListView<T>): T[] {
  return view.store.items.slice(0, view.length);
}
