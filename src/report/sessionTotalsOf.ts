import type { EffectRecord } from '../pipeline/effectRecord.js';
import type { DecisionCounts } from '../pipeline/timeline.js';
import type { Marker } from './sessionMarkers.js';
import type { TokenPoints } from './tokenSeries.js';

export interface SessionTotals {
  readonly entries: number;
  readonly turns: number;
  readonly toolCalls: number;
  readonly toolErrors: number;
  readonly maxTokens: number;
  readonly lastTokens: number;
  readonly notesDue: number;
  readonly extractionsDue: number;
  readonly extractionsSkipped: number;
  readonly trailingRuns: number;
  readonly compactionsDue: number;
  readonly compactions: number;
  readonly memoriesWritten: number;
  /** Candidate memories the two-phase backfill's first phase recorded for the session (its second phase writes the files, per project). */
  readonly candidatesFound: number;
  readonly failedRuns: number;
  /** The person's rules, goal, open items and facts the compactions lost, by the offline audit (decision 78). */
  readonly lostAtCompaction: number;
}

/** What a session's totals are made of: counts from its walk, its decisions, and the markers of memlog's records. */
export interface TotalsParts {
  readonly entries: number;
  readonly turns: number;
  readonly toolCalls: number;
  readonly toolErrors: number;
  readonly points: TokenPoints;
  readonly decided: DecisionCounts;
  readonly recordMarkers: readonly Marker[];
  /** Compact boundaries in the transcript that no `compacted` record names. */
  readonly unrecordedBoundaries: number;
  readonly records: readonly EffectRecord[];
  readonly lostAtCompaction: number;
}

/** A session's totals: one definition for the page's view and the report's row. */
export function totalsOf(parts: TotalsParts): SessionTotals {
  const { points, decided, recordMarkers: marks } = parts;
  let maxTokens = 0;
  for (let i = 0; i < points.length; i++) maxTokens = Math.max(maxTokens, points.tokensAt(i));
  return {
    entries: parts.entries,
    turns: parts.turns,
    toolCalls: parts.toolCalls,
    toolErrors: parts.toolErrors,
    maxTokens,
    lastTokens: points.length === 0 ? 0 : points.tokensAt(points.length - 1),
    notesDue: decided.notes,
    extractionsDue: decided.extractions,
    extractionsSkipped: decided.skipped,
    trailingRuns: decided.trailing,
    compactionsDue: decided.compactions,
    compactions: marks.filter((m) => m.kind === 'compacted').length + parts.unrecordedBoundaries,
    memoriesWritten: marks.reduce((n, m) => n + (m.lane === 'extraction' && m.kind === 'run_finished' ? (m.files?.length ?? 0) : 0), 0),
    candidatesFound: parts.records.reduce((n, r) => n + (r.type === 'candidates' ? r.candidates.length : 0), 0),
    failedRuns: marks.filter((m) => m.kind === 'run_failed').length,
    lostAtCompaction: parts.lostAtCompaction,
  };
}
