import { elementAt, missing } from '../errors.js';

/**
 * A set of strings kept as 64-bit fingerprints in typed arrays: about 11 to 21 bytes a member instead
 * of the 80 or so of a `Set<string>` of uuids. It can answer yes for a string never added (two
 * fingerprints alike: about one chance in 10^13 per question at a million members), never no for
 * one that was: use it where a yes only sends you to the exact, slower way.
 */
/** A string's fingerprint: two 32-bit halves. */
export type Fingerprint = readonly [high: number, low: number];

/** What a reader of a set of fingerprints asks: may it hold the string, and how many it holds. */
export interface FingerprintLookup {
  readonly size: number;
  mayHave(text: string): boolean;
}

export class FingerprintSet {
  /** Pairs of 32-bit halves; the pair (0, 0) marks an empty slot (a fingerprint of 0, 0 is stored as 0, 1). */
  private slots = new Uint32Array(2 * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(text: string): void {
    const [high, low] = fingerprint(text);
    if (this.find(high, low) >= 0) return;
    // Three quarters full at most: linear probing stays short, and a doubling leaves the set at
    // least three eighths full (at half, a million uuids took 32 MB, and 48 MB while growing).
    if ((this.count + 1) * 4 > (this.slots.length / 2) * 3) this.grow();
    this.place(high, low);
    this.count++;
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
    if (this.find(high, low) >= 0) return false;
    if ((this.count + 1) * 4 > (this.slots.length / 2) * 3) this.grow();
    this.place(high, low);
    this.count++;
    return true;
  }

  /** The members' fingerprints, in slot order: what the session catalog stores in a table (decision 94). */
  *fingerprints(): Generator<Fingerprint> {
    for (let slot = 0; slot < this.slots.length; slot += 2) {
      const high = this.slotWord(slot);
      const low = this.slotWord(slot + 1);
      if (high !== 0 || low !== 0) yield [high, low];
    }
  }

  /** Adds every member of `other`: the set of what two parts of a file forgot, folded apart (decision 87). */
  addAll(other: FingerprintSet): void {
    for (let slot = 0; slot < other.slots.length; slot += 2) {
      const high = other.slotWord(slot);
      const low = other.slotWord(slot + 1);
      if ((high === 0 && low === 0) || this.find(high, low) >= 0) continue;
      if ((this.count + 1) * 4 > (this.slots.length / 2) * 3) this.grow();
      this.place(high, low);
      this.count++;
    }
  }

  /** The set as text, for a snapshot stored on disk (the session catalog, decision 81). */
  toBase64(): string {
    return `${this.count}:${Buffer.from(this.slots.buffer, this.slots.byteOffset, this.slots.byteLength).toString('base64')}`;
  }

  /** A set read back from `toBase64`; an empty set for text that is not one. */
  static fromBase64(text: string): FingerprintSet {
    const set = new FingerprintSet();
    const colon = text.indexOf(':');
    const bytes = Buffer.from(text.slice(colon + 1), 'base64');
    const count = Number(text.slice(0, colon));
    if (colon < 0 || !Number.isInteger(count) || bytes.length < 16 || bytes.length % 8 !== 0) return set;
    const slots = new Uint32Array(bytes.length / 4);
    Buffer.from(slots.buffer).set(bytes);
    if ((slots.length / 2) & (slots.length / 2 - 1)) return set;
    set.slots = slots;
    set.count = count;
    return set;
  }

  private find(high: number, low: number): number {
    const capacity = this.slots.length / 2;
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
    if (this.base?.mayHave(text) !== true) this.#added.add(text);
  }

  mayHave(text: string): boolean {
    return this.base?.mayHave(text) === true || this.#added.mayHave(text);
  }
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
