/** One turn on the strip: from its prompt to just before the next one. */
export interface TurnBar {
  readonly index: number;
  readonly startSeq: number;
  readonly endSeq: number;
  readonly uuid: string | null;
  readonly prompt: string;
  readonly toolCalls: number;
  readonly toolErrors: number;
  readonly tokens: number;
  readonly open: boolean;
  /** A bar for several turns (a very long session, displayCaps.ts): the index of the last. */
  readonly through?: number;
}

/**
 * Consecutive turns drawn one bar per group, the group size doubling as the session grows, so
 * that a page never holds more than `cap` bars whatever the session's length (decision 57). Below
 * the cap every turn is its own bar, exactly as it was pushed.
 */
export class TurnStrip {
  readonly #cap: number;
  readonly #bars: TurnBar[] = [];
  /** The group being filled: fewer than `groupSize` turns. */
  #partial: { bar: TurnBar; turns: number } | null = null;
  #groupSize = 1;
  #turns = 0;

  constructor(cap: number) {
    if (!(cap >= 2)) throw new RangeError(`a turn strip needs room for at least 2 bars, not ${cap}`);
    this.#cap = cap;
  }

  /** Turns pushed so far. */
  get turns(): number {
    return this.#turns;
  }

  /** Turns a bar: 1 until the strip first outgrew its cap, then a power of two. */
  get groupSize(): number {
    return this.#groupSize;
  }

  push(turn: TurnBar): void {
    this.#turns++;
    const partial = this.#partial;
    const joined = partial === null ? { bar: turn, turns: 1 } : { bar: joinBars(partial.bar, turn), turns: partial.turns + 1 };
    if (joined.turns < this.#groupSize) {
      this.#partial = joined;
      this.#fill();
      return;
    }
    this.#partial = null;
    this.#bars.push(joined.bar);
    this.#fill();
  }

  #fill(): void {
    if (this.#bars.length + (this.#partial === null ? 0 : 1) > this.#cap) this.#coarsen();
  }

  /** The bars, oldest first: every turn in exactly one, in order. */
  get bars(): readonly TurnBar[] {
    if (this.#partial === null) return this.#bars;
    const last = this.#partial.bar;
    // A group of one at the end of a grouped strip still says which turn it is.
    return [...this.#bars, last.through === undefined ? { ...last, through: last.index } : last];
  }

  /** Twice the turns a bar: each pair of bars becomes one. */
  #coarsen(): void {
    const bars = this.#bars;
    const merged: TurnBar[] = [];
    for (let i = 0; i + 1 < bars.length; i += 2) merged.push(joinBars(bars[i]!, bars[i + 1]!));
    const half = this.#groupSize;
    this.#groupSize *= 2;
    // An odd bar out is a group of half the new size: it goes on filling, with the partial one after it.
    if (bars.length % 2 === 1) {
      const odd = bars[bars.length - 1]!;
      const partial = this.#partial;
      this.#partial = partial === null ? { bar: odd, turns: half } : { bar: joinBars(odd, partial.bar), turns: half + partial.turns };
    }
    bars.splice(0, bars.length, ...merged);
  }
}

/** One bar for two consecutive ones: the first's start, the second's end, counts summed, the higher context. */
function joinBars(first: TurnBar, second: TurnBar): TurnBar {
  return {
    ...first,
    endSeq: second.endSeq,
    toolCalls: first.toolCalls + second.toolCalls,
    toolErrors: first.toolErrors + second.toolErrors,
    tokens: Math.max(first.tokens, second.tokens),
    open: second.open,
    through: second.through ?? second.index,
  };
}

/** What a sampler orders its items by: their place in the session, then the order they were given in. */
export interface SampleKey {
  readonly seq: number;
  /** Ties at one seq: lower first (the page's order of decisions, records, then boundaries). */
  readonly order: number;
}

const byKey = (a: SampleKey, b: SampleKey): number => a.seq - b.seq || a.order - b.order;

/**
 * Keeps at most `cap` items of a stream, in bounded memory, choosing them as the page draws a
 * crowded lane: past the cap, only the first item of each group in every stretch of `stretch`
 * consecutive entries, the stretch doubling until the items fit. Doubled stretches nest, so the
 * first of a group in a stretch is always among those already kept: the result does not depend
 * on when the stretch grew. Below the cap nothing is dropped.
 */
export class StretchSampler<T extends SampleKey> {
  readonly #cap: number;
  readonly #groupOf: (item: T) => string;
  #kept: T[] = [];
  /** First kept item per group and stretch, once sampling has begun. */
  #firsts: Map<string, number> | null = null;
  #stretch = 0;
  #seen = 0;

  constructor(cap: number, groupOf: (item: T) => string = () => '') {
    if (!(cap >= 1)) throw new RangeError(`a sampler keeps at least 1 item, not ${cap}`);
    this.#cap = cap;
    this.#groupOf = groupOf;
  }

  /** Items given, kept or not. */
  get seen(): number {
    return this.#seen;
  }

  /** Entries a stretch spans: 0 while everything is kept. */
  get stretch(): number {
    return this.#stretch;
  }

  add(item: T): void {
    this.#seen++;
    if (this.#firsts === null) {
      this.#kept.push(item);
      if (this.#kept.length > this.#cap) this.#resample();
      return;
    }
    const key = this.#slot(item);
    const at = this.#firsts.get(key);
    if (at === undefined) {
      this.#firsts.set(key, this.#kept.length);
      this.#kept.push(item);
      if (this.#kept.length > this.#cap) this.#resample();
    } else if (byKey(item, this.#kept[at]!) < 0) this.#kept[at] = item;
  }

  /** The kept items in the page's order. */
  get kept(): T[] {
    return [...this.#kept].sort(byKey);
  }

  #slot(item: T): string {
    return `${this.#groupOf(item)}\u0000${Math.floor(item.seq / this.#stretch)}`;
  }

  #resample(): void {
    const last = this.#kept.reduce((max, item) => Math.max(max, item.seq), 0);
    // Once one stretch spans every seq, each group is down to one item: more groups than the cap stay.
    while (this.#kept.length > this.#cap && this.#stretch <= last) {
      this.#stretch = this.#stretch === 0 ? 1 : this.#stretch * 2;
      const firsts = new Map<string, number>();
      const kept: T[] = [];
      for (const item of [...this.#kept].sort(byKey)) {
        const key = this.#slot(item);
        if (firsts.has(key)) continue;
        firsts.set(key, kept.length);
        kept.push(item);
      }
      this.#kept = kept;
      this.#firsts = firsts;
    }
  }
}
