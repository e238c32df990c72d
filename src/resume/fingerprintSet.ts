import { elementAt, missing } from '../errors.js';

/** Whether this machine stores the low half of a 64-bit word first (a typed array's byte order is the machine's). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * A set of strings kept as 64-bit fingerprints in typed arrays: about 11 to 21 bytes a member instead
 * of the 80 or so of a `Set<string>` of uuids. It can answer yes for a string never added (two
 * fingerprints alike: about one chance in 10^13 per question at a million members), never no for
 * one that was: use it where a yes only sends you to the exact, slower way.
 */
/** A set's slots before its first member, and how many it then makes room for. */
const NO_SLOTS = new Uint32Array(0);
const FIRST_CAPACITY = 1024;

/** A string's fingerprint: two 32-bit halves. */
export type Fingerprint = readonly [high: number, low: number];

/** What a reader of a set of fingerprints asks: may it hold the string, and how many it holds. */
export interface FingerprintLookup {
  readonly size: number;
  mayHave(text: string): boolean;
}

export class FingerprintSet {
  /**
   * Pairs of 32-bit halves; the pair (0, 0) marks an empty slot (a fingerprint of 0, 0 is stored as 0, 1). None until
   * the first add: a scan makes four sets a file and most stay empty (decision 103).
   */
  private slots = NO_SLOTS;
  private count = 0;
  /** The members in ascending order when the set was made from them and nothing was added since (`fromPairs`). */
  private sorted: Uint32Array | null = null;
  /** False while the members are only in `sorted` (`fromPairs`, nothing added yet): looked up there by binary search. */
  private indexed = true;

  get size(): number {
    return this.count;
  }

  add(text: string): void {
    const [high, low] = fingerprint(text);
    this.index();
    if (this.find(high, low) >= 0) return;
    this.makeRoom();
    this.place(high, low);
    this.count++;
    this.sorted = null;
  }

  mayHave(text: string): boolean {
    const [high, low] = fingerprint(text);
    return this.find(high, low) >= 0;
  }

  /** Whether the set holds this fingerprint (one `fingerprint` gave). */
  hasFingerprint([high, low]: Fingerprint): boolean {
    return this.find(high, low) >= 0;
  }

  /** Adds a fingerprint; false when it was there already. */
  addFingerprint([high, low]: Fingerprint): boolean {
    this.index();
    if (this.find(high, low) >= 0) return false;
    this.makeRoom();
    this.place(high, low);
    this.count++;
    this.sorted = null;
    return true;
  }

  /**
   * The members as (high, low) pairs in ascending order: the session catalog inserts them in its key's order, which is
   * several times faster than in slot order (decision 95).
   */
  sortedPairs(): Uint32Array {
    if (this.sorted !== null) return this.sorted;
    // Each member as one 64-bit word, high half above, so the engine's own typed-array sort orders them.
    const keys = new BigUint64Array(this.count);
    const halves = new Uint32Array(keys.buffer);
    const [lowAt, highAt] = LITTLE_ENDIAN ? [0, 1] : [1, 0];
    let at = 0;
    for (let slot = 0; slot < this.slots.length && at < this.count; slot += 2) {
      const high = this.slotWord(slot);
      const low = this.slotWord(slot + 1);
      if (high === 0 && low === 0) continue;
      halves[2 * at + lowAt] = low;
      halves[2 * at + highAt] = high;
      at++;
    }
    keys.sort();
    const pairs = new Uint32Array(2 * this.count);
    for (let i = 0; i < this.count; i++) {
      pairs[2 * i] = elementAt(halves, 2 * i + highAt);
      pairs[2 * i + 1] = elementAt(halves, 2 * i + lowAt);
    }
    return pairs;
  }

  /**
   * A set of (high, low) pairs. Given in strictly ascending order (`sortedPairs`), they are kept as they are, looked up by
   * binary search and listed back without sorting, until something is added (decision 95); else hashed at once.
   */
  static fromPairs(pairs: Uint32Array): FingerprintSet {
    const set = new FingerprintSet();
    set.sorted = pairs;
    set.count = pairs.length >> 1;
    set.indexed = false;
    if (!ascending(pairs)) set.index();
    return set;
  }

  /** Hashes the members kept only in `sorted` into the table, sized for them at once. */
  private index(): void {
    if (this.indexed) return;
    const pairs = this.sorted ?? new Uint32Array(0);
    let capacity = FIRST_CAPACITY;
    while (pairs.length * 2 > capacity * 3) capacity *= 2;
    this.slots = new Uint32Array(2 * capacity);
    this.count = 0;
    this.indexed = true;
    this.sorted = null;
    for (let i = 0; i + 1 < pairs.length; i += 2) this.addFingerprint([elementAt(pairs, i), elementAt(pairs, i + 1)]);
    if (this.count * 2 === pairs.length && ascending(pairs)) this.sorted = pairs;
  }

  /** A member's place in `sorted`, or -1. */
  private search(high: number, low: number): number {
    const pairs = this.sorted ?? new Uint32Array(0);
    let [from, to] = [0, pairs.length >> 1];
    while (from < to) {
      const middle = (from + to) >> 1;
      const h = elementAt(pairs, 2 * middle);
      const l = elementAt(pairs, 2 * middle + 1);
      if (h === high && l === low) return middle;
      if (h < high || (h === high && l < low)) from = middle + 1;
      else to = middle;
    }
    return -1;
  }

  private find(high: number, low: number): number {
    if (!this.indexed) return this.search(high, low);
    const capacity = this.slots.length / 2;
    if (capacity === 0) return -1;
    for (let slot = low & (capacity - 1); ; slot = (slot + 1) & (capacity - 1)) {
      const h = this.slotWord(2 * slot);
      const l = this.slotWord(2 * slot + 1);
      if (h === 0 && l === 0) return -1;
      if (h === high && l === low) return slot;
    }
  }

  private place(high: number, low: number): void {
    const capacity = this.slots.length / 2;
    let slot = low & (capacity - 1);
    while (this.slots[2 * slot] !== 0 || this.slots[2 * slot + 1] !== 0) slot = (slot + 1) & (capacity - 1);
    this.slots[2 * slot] = high;
    this.slots[2 * slot + 1] = low;
  }

  /**
   * Room for one more: the first slots, or twice as many once three quarters are full (linear probing stays short, and a
   * doubling leaves the set at least three eighths full; at half, a million uuids took 32 MB, and 48 MB while growing).
   */
  private makeRoom(): void {
    if (this.slots.length === 0) this.slots = new Uint32Array(2 * FIRST_CAPACITY);
    else if ((this.count + 1) * 4 > (this.slots.length / 2) * 3) this.grow();
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i + 1 < old.length; i += 2) {
      const high = elementAt(old, i);
      const low = elementAt(old, i + 1);
      if (high !== 0 || low !== 0) this.place(high, low);
    }
  }

  /** A word of the table: past its end is a bug (decision 76). */
  private slotWord(at: number): number {
    return this.slots[at] ?? missing('slots', at);
  }
}

/**
 * A set that answers as `base` plus what is added to it, leaving `base` as it is: what a copy of
 * `base` would answer, without the copy. A conversation window's fingerprints of what it forgot
 * grow with the file, and each snapshot of it forgets a little more on its own: copied per
 * snapshot, they made `extract --per-turn` quadratic in the file (decision 55).
 */
export class FingerprintOverlay {
  readonly #added = new FingerprintSet();

  constructor(private readonly base: FingerprintLookup | undefined) {}

  get size(): number {
    return (this.base?.size ?? 0) + this.#added.size;
  }

  add(text: string): void {
    if (!this.#baseMayHave(text)) this.#added.add(text);
  }

  mayHave(text: string): boolean {
    return this.#baseMayHave(text) || (this.#added.size > 0 && this.#added.mayHave(text));
  }

  /** An empty base (nothing forgotten, as on a first scan) is not asked: its answer costs a hash of the text (decision 98). */
  #baseMayHave(text: string): boolean {
    return this.base !== undefined && this.base.size > 0 && this.base.mayHave(text);
  }
}

/** Whether (high, low) pairs are in strictly ascending order. */
function ascending(pairs: Uint32Array): boolean {
  for (let i = 2; i + 1 < pairs.length; i += 2) if (comparePairs(pairs, i - 2, pairs, i) >= 0) return false;
  return true;
}

/** The union of two lists of (high, low) pairs in ascending order, in ascending order, each pair once. */
export function unionOfSortedPairs(a: Uint32Array, b: Uint32Array): Uint32Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const order = i >= a.length ? 1 : j >= b.length ? -1 : comparePairs(a, i, b, j);
    if (order <= 0) {
      out[n++] = elementAt(a, i);
      out[n++] = elementAt(a, i + 1);
    } else {
      out[n++] = elementAt(b, j);
      out[n++] = elementAt(b, j + 1);
    }
    if (order <= 0) i += 2;
    if (order >= 0) j += 2;
  }
  return out.slice(0, n);
}

/** The order of the pair at `i` in `a` against the pair at `j` in `b`: negative, 0 or positive. */
function comparePairs(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  const high = elementAt(a, i) - elementAt(b, j);
  return high !== 0 ? high : elementAt(a, i + 1) - elementAt(b, j + 1);
}

/** Two independent 32-bit FNV-1a hashes of the string's UTF-16 units (different offset bases), never both 0. */
export function fingerprint(text: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    high = Math.imul(high ^ unit, 0x01000193) >>> 0;
    low = Math.imul(low ^ unit, 0x01000193) >>> 0;
    low = (low ^ (low >>> 15)) >>> 0;
  }
  return high === 0 && low === 0 ? [0, 1] : [high, low];
}
