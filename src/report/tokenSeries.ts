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
 * Claude Code's context count (the tokens projection) after every main-thread message, in log
 * order. A compact boundary restarts the count from nothing, so the boundary and any message
 * after it that adds nothing (an empty attachment, a system line) carry no point: the line goes
 * from the last count before the compaction to the first one measured after it, never through a
 * zero the context never had.
 */
export function measureTokens(entries: Iterable<LogEntry>): TokenPoint[] {
  const measure = tokenMeasure();
  for (const event of entries) measure.push(event);
  return measure.points;
}

/** `measureTokens` one entry at a time, for a walk that folds several things at once. */
export function tokenMeasure(): { readonly push: (event: LogEntry) => void; readonly points: TokenPoint[] } {
  const points: TokenPoint[] = [];
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
      points.push({ seq: event.seq, tokens: tokens.selectContextTokens(state) });
    },
  };
}

const isCompactBoundary = ({ entry }: LogEntry): boolean => entry.type === 'system' && entry.subtype === 'compact_boundary';

/** No response and no message counted since the last reset. */
const measuredNothing = (state: tokens.TokensState): boolean => state.usageTotal === null && state.estimateAll === 0;

/** The line to draw: every measured point, or a thinned copy past `maxPoints`. */
export function tokenSeries(points: readonly TokenPoint[], maxPoints = MAX_TOKEN_POINTS): TokenSeries {
  const max = points.reduce((m, p) => Math.max(m, p.tokens), 0);
  const thinned = points.length > maxPoints;
  return { points: thinned ? thin(points, maxPoints) : points, measured: points.length, max, thinned };
}

/**
 * Keeps the lowest and the highest point of each of `maxPoints / 2` equal slices (in their log
 * order), so a peak before a compaction and the drop after it both survive; first and last stay.
 */
export function thin(points: readonly TokenPoint[], maxPoints: number): TokenPoint[] {
  // Two points a slice, plus the first and the last: never more than maxPoints.
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const size = points.length / buckets;
  const out: TokenPoint[] = [];
  for (let b = 0; b < buckets; b++) {
    const slice = points.slice(Math.floor(b * size), Math.floor((b + 1) * size));
    if (slice.length === 0) continue;
    let low = slice[0] as TokenPoint;
    let high = low;
    for (const p of slice) {
      if (p.tokens < low.tokens) low = p;
      if (p.tokens > high.tokens) high = p;
    }
    if (low === high) out.push(low);
    else out.push(...(low.seq < high.seq ? [low, high] : [high, low]));
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (first !== undefined && out[0] !== first) out.unshift(first);
  if (last !== undefined && out[out.length - 1] !== last) out.push(last);
  return out;
}
