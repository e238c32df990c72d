import type { Decision } from '../projections/decisions.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { EffectRecord } from '../pipeline/effectRecord.js';
import type { RunKind } from '../projections/decisions.js';
import { assertNever } from '../errors.js';
import { extractionWrites, notesChanges } from './runOutcomes.js';

export type MarkerLane = 'notes' | 'extraction' | 'compaction';

export type MarkerKind =
  | 'session_notes_due'
  | 'extraction_due'
  | 'extraction_skipped'
  | 'compaction_due'
  | 'trailing_run'
  | 'run_finished'
  | 'run_failed'
  | 'compacted';

/** One decision or run on the page: where it falls, and what the details panel says about it. */
export interface Marker {
  readonly lane: MarkerLane;
  readonly kind: MarkerKind;
  readonly seq: number;
  readonly uuid: string | null;
  readonly tokens: number | null;
  readonly reason: string;
  /** The timestamp of the entry at `seq`, when it has one. */
  readonly time?: string;
  /** Compactions: the rung (memlog's ladder) or Claude Code's trigger, and the context around it. */
  readonly rung?: string;
  readonly before?: number;
  readonly after?: number;
  /** Runs: the run id, how many decisions it serves, and what it wrote or changed. */
  readonly run?: string;
  readonly batch?: number;
  readonly files?: readonly string[];
  /** Compactions: what the offline audit found kept, paraphrased and lost (decision 78), and the lost items. */
  readonly audit?: string;
  readonly lost?: readonly string[];
}

const LANE_OF_RUN: Readonly<Record<RunKind, MarkerLane>> = { session_notes: 'notes', extraction: 'extraction', compaction: 'compaction' };

/** Markers for the triggers' decisions; a run that starts right at its decision adds nothing, a trailing one does. */
export function decisionMarkers(decisions: readonly Decision[]): Marker[] {
  return decisions.flatMap((d) => decisionMarker(d) ?? []);
}

/** One decision's marker, or null for a run that starts right at its decision. */
export function decisionMarker(d: Decision): Marker | null {
  const base = { seq: d.seq, uuid: d.uuid, tokens: d.tokens, reason: d.reason };
  switch (d.kind) {
    case 'session_notes_due':
      return { ...base, lane: 'notes', kind: d.kind };
    case 'extraction_due':
    case 'extraction_skipped':
      return { ...base, lane: 'extraction', kind: d.kind };
    case 'compaction_due':
      return { ...base, lane: 'compaction', kind: d.kind };
    case 'run_start':
      return d.trailing ? { ...base, lane: LANE_OF_RUN[d.run], kind: 'trailing_run', batch: d.batch.length } : null;
    default:
      return assertNever(d);
  }
}

/** Markers for what memlog's runs did, from its effect log: each run's end, and compactions `memlog compact` made. */
export function recordMarkers(records: readonly EffectRecord[]): Marker[] {
  const started = new Map<string, { batch: number; trailing: boolean }>();
  const out: Marker[] = [];
  for (const r of records) {
    const base = { seq: r.at.seq, uuid: r.at.uuid, tokens: null };
    switch (r.type) {
      case 'run_started':
        started.set(r.runId, { batch: r.batch.length, trailing: r.trailing });
        break;
      case 'run_finished': {
        const start = started.get(r.runId);
        const files = r.run === 'extraction' ? extractionWrites(r.outcome) : (notesChanges(r.outcome) ?? []);
        const what =
          r.run === 'extraction'
            ? `wrote ${files.length} memory file${files.length === 1 ? '' : 's'}`
            : r.run === 'session_notes'
              ? `changed ${files.length} section${files.length === 1 ? '' : 's'}`
              : 'finished';
        out.push({
          ...base,
          lane: LANE_OF_RUN[r.run],
          kind: 'run_finished',
          reason: `${runName(r.run)} run ${start?.trailing === true ? '(trailing) ' : ''}finished: ${what}`,
          run: r.runId,
          files,
          ...(start ? { batch: start.batch } : {}),
        });
        break;
      }
      case 'run_failed': {
        const start = started.get(r.runId);
        out.push({
          ...base,
          lane: LANE_OF_RUN[r.run],
          kind: 'run_failed',
          reason: `${runName(r.run)} run failed: ${r.error}`,
          run: r.runId,
          ...(start ? { batch: start.batch } : {}),
        });
        break;
      }
      case 'compacted':
        out.push({
          ...base,
          lane: 'compaction',
          kind: 'compacted',
          uuid: r.outcome.boundaryUuid,
          reason: `compacted by memlog with the ${r.outcome.rung} rung (${r.outcome.trigger})`,
          rung: r.outcome.rung,
          before: r.outcome.tokensBefore,
          after: r.outcome.tokensAfter,
        });
        break;
      case 'decision':
        break;
      case 'compaction_started':
        // A compaction's mark is its `compacted` record: until that is written it has not happened.
        break;
      case 'consolidation_started':
      case 'consolidation_finished':
      case 'candidates_consumed':
      case 'candidates_requested':
      case 'candidates':
      case 'audit_judged':
        // A memory directory's consolidation is in no session's log; backfill candidates are
        // written nowhere until a consolidation places them; an audit's verdicts change nothing.
        break;
      default:
        assertNever(r);
    }
  }
  return out;
}

/**
 * A compaction the transcript itself records (Claude Code's or memlog's compact boundary). One
 * that memlog made is named by a `compacted` record: the caller keeps that marker instead.
 * Tokens after: the boundary's own count when it has one, else the context measured right after.
 */
export function boundaryMarker(
  seq: number,
  entry: Extract<Entry, { type: 'system' }>,
  tokensAfter: (seq: number) => number | null,
): Marker {
  const meta = entry.compactMetadata;
  const post = meta?.['postTokens'];
  const after = typeof post === 'number' ? post : tokensAfter(seq);
  const trigger = meta?.trigger ?? 'unknown';
  return {
    lane: 'compaction',
    kind: 'compacted',
    seq,
    uuid: entry.uuid,
    tokens: meta?.preTokens ?? null,
    reason: `compact boundary in the transcript (trigger: ${trigger})`,
    rung: `Claude Code ${trigger}`,
    ...(meta?.preTokens === undefined ? {} : { before: meta.preTokens }),
    ...(after === null ? {} : { after }),
  };
}

const runName = (run: RunKind): string => (run === 'session_notes' ? 'session notes' : run);
