/**
 * A persistent singly linked list, newest first: O(1) push and pop that share structure, so
 * projections stay immutable without copying an array on every entry.
 */
export type ConsList<T> = { readonly head: T; readonly tail: ConsList<T>; readonly size: number } | null;

export function push<T>(list: ConsList<T>, value: T): ConsList<T> {
  return { head: value, tail: list, size: (list?.size ?? 0) + 1 };
}

/** Drops items from the newest end while `drop` says so. */
export function popWhile<T>(list: ConsList<T>, drop: (value: T) => boolean): ConsList<T> {
  let current = list;
  while (current !== null && drop(current.head)) current = current.tail;
  return current;
}

/** Oldest first. */
export function toArray<T>(list: ConsList<T>): T[] {
  const out: T[] = new Array<T>(list?.size ?? 0);
  let i = out.length - 1;
  for (let node = list; node !== null; node = node.tail) out[i--] = node.head;
  return out;
}
