/**
 * The strict reading of the real-session score (decision 153): each memory is credited with at
 * most one gold item and each item with at most one memory, in the assignment that finds the most
 * certain items and then the most items. The first-come reading of realScore.ts lets one long
 * memory (a whole prompt quoted in its body) find several items at once; this one does not, so it
 * is the strict reading of recall. Its count of memories given an item is no strict precision: two
 * memories that each hold the same two items are both given one, even when one repeats the other.
 */
export interface OneItemEach {
  /** Memories assigned an item of their own: an upper reading of true saves, not a strict one. */
  readonly trueSaves: number;
  /** Certain items assigned a memory of their own. */
  readonly certainFound: number;
}

/**
 * `held[m]` lists the item keys memory `m` holds; `certain` the keys of certain items. A maximum
 * matching by augmenting paths (Kuhn), certain items first: augmenting never unmatches an item, so
 * the second pass over every item keeps the first pass's certain count.
 */
export function oneItemEach(held: ReadonlyArray<readonly string[]>, certain: ReadonlySet<string>): OneItemEach {
  const memoryOf = new Map<string, number>();
  const matched = new Set<number>();
  const augment = (memory: number, seen: Set<string>, allowed: (key: string) => boolean): boolean => {
    for (const key of held[memory] ?? []) {
      if (!allowed(key) || seen.has(key)) continue;
      seen.add(key);
      const holder = memoryOf.get(key);
      if (holder === undefined || augment(holder, seen, allowed)) {
        memoryOf.set(key, memory);
        return true;
      }
    }
    return false;
  };
  for (const onlyCertain of [true, false]) {
    const allowed = onlyCertain ? (key: string) => certain.has(key) : () => true;
    for (let memory = 0; memory < held.length; memory++)
      if (!matched.has(memory) && augment(memory, new Set(), allowed)) matched.add(memory);
  }
  return { trueSaves: matched.size, certainFound: [...memoryOf.keys()].filter((key) => certain.has(key)).length };
}
