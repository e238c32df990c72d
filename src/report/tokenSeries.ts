import type { LogEntry } from '../transcript/logEntry.js';
import * as tokens from '../projections/tokens.js';

/** Context tokens after an entry: x is the entry's seq. */
export interface TokenPoint {
  readonly seq: number;
  readonly tokens: number;
}

export interface TokenSeries {
  readonly points: readonly TokenPoint[];
  /** Main-thread messages measured (before any thinning). */
  readonly measured: number;
  readonly max: number;
  /** True when the points were thinned to keep the page small. */
  readonly thinned: boolean;
}

/** Past this many points the line is thinned: more than a few per pixel of chart width shows nothing new. */
export const MAX_TOKEN_POINTS = 2_000;

/**
 * Points kept as two columns of numbers in fixed-size chunks: 16 bytes a point where an object took
 * about 50, for a line measured at every message of a session of any length (decisions 55 and 60). Chunks,
 * not one array doubled: a doubling holds the old and the new column at once and leaves up to
 * half of the new one unused, a third of the line's memory at 2 GB.
 */
export class TokenPoints {
  static readonly #CHUNK = 8_192;
  readonly #seqs: Float64Array[] = [];
  readonly #tokens: Float64Array[] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(seq: number, tokens: number): void {
    const offset = this.#length % TokenPoints.#CHUNK;
    if (offset === 0) {
      this.#seqs.push(new Float64Array(TokenPoints.#CHUNK));
      this.#tokens.push(new Float64Array(TokenPoints.#CHUNK));
    }
    this.#seqs[this.#seqs.length - 1]![offset] = seq;
    this.#tokens[this.#tokens.length - 1]![offset] = tokens;
    this.#length++;
  }

  seqAt(i: number): number {
    return this.#seqs[Math.floor(i / TokenPoints.#CHUNK)]![i % TokenPoints.#CHUNK]!;
  }

  tokensAt(i: number): number {
    return this.#tokens[Math.floor(i / TokenPoints.#CHUNK)]![i % TokenPoints.#CHUNK]!;
  }

  at(i: number): TokenPoint {
    return { seq: this.seqAt(i), tokens: this.tokensAt(i) };
  }

  /** The first point after `seq` (points are in log order), or undefined. */
  firstAfter(seq: number): TokenPoint | undefined {
    let low = 0;
    let high = this.#length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.seqAt(mid) > seq) high = mid;
      else low = mid + 1;
    }
    return low < this.#length ? this.at(low) : undefined;
  }

  static of(points: readonly TokenPoint[]): TokenPoints {
    const made = new TokenPoints();
    for (const p of points) made.push(p.seq, p.tokens);
    return made;
  }

  toArray(): TokenPoint[] {
    return Array.from({ length: this.#length }, (_, i) => this.at(i));
  }
}

/**
 * Claude Code's context count (the tokens projection) after every main-thread message, in log
 * order. A compact boundary restarts the count from nothing, so the boundary and any message
 * after it that adds nothing (an empty attachment, a system line) carry no point: the line goes
 * from the last count before the compaction to the first one measured after it, never through a
 * zero the context never had.
 */
export function measureTokens(entries: Iterable<LogEntry>): TokenPoint[] {
  const measure = tokenMeasure();
  for (const event of entries) measure.push(event);
  return measure.points.toArray();
}

/** `measureTokens` one entry at a time, for a walk that folds several things at once. */
export function tokenMeasure(): { readonly push: (event: LogEntry) => void; readonly points: TokenPoints } {
  const points = new TokenPoints();
  let state = tokens.initialState();
  let restarted = false;
  return {
    points,
    push: (event) => {
      if (!tokens.isMainThreadMessage(event)) return;
      state = tokens.evolve(state, event);
      if (isCompactBoundary(event)) restarted = true;
      if (restarted && measuredNothing(state)) return;
      restarted = false;
      points.push(event.seq, tokens.selectContextTokens(state));
    },
  };
}

const isCompactBoundary = ({ entry }: LogEntry): boolean => entry.type === 'system' && entry.subtype === 'compact_boundary';

/** No response and no message counted since the last reset. */
const measuredNothing = (state: tokens.TokensState): boolean => state.usageTotal === null && state.estimateAll === 0;

/** The line to draw: every measured point, or a thinned copy past `maxPoints`. */
export function tokenSeries(measured: readonly TokenPoint[] | TokenPoints, maxPoints = MAX_TOKEN_POINTS): TokenSeries {
  const points = measured instanceof TokenPoints ? measured : TokenPoints.of(measured);
  let max = 0;
  for (let i = 0; i < points.length; i++) max = Math.max(max, points.tokensAt(i));
  const thinned = points.length > maxPoints;
  return { points: thinned ? thin(points, maxPoints) : points.toArray(), measured: points.length, max, thinned };
}

/**
 * Keeps the lowest and the highest point of each of `maxPoints / 2` equal slices (in their log
 * order), so a peak before a compaction and the drop after it both survive; first and last stay.
 */
export function thin(measured: readonly TokenPoint[] | TokenPoints, maxPoints: number): TokenPoint[] {
  const points = measured instanceof TokenPoints ? measured : TokenPoints.of(measured);
  // Two points a slice, plus the first and the last: never more than maxPoints.
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = points.length / buckets;
  const kept: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(points.length, Math.floor((b + 1) * size));
    if (to <= from) continue;
    let low = from;
    let high = from;
    for (let i = from; i < to; i++) {
      if (points.tokensAt(i) < points.tokensAt(low)) low = i;
      if (points.tokensAt(i) > points.tokensAt(high)) high = i;
    }
    if (low === high) kept.push(low);
    else kept.push(...(points.seqAt(low) < points.seqAt(high) ? [low, high] : [high, low]));
  }
  const last = points.length - 1;
  if (points.length > 0 && kept[0] !== 0) kept.unshift(0);
  if (points.length > 0 && kept[kept.length - 1] !== last) kept.push(last);
  return kept.map((i) => points.at(i));
}
