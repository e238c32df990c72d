import { autocompactThresholds, DEFAULT_AUTOCOMPACT_SETTINGS, type AutocompactThresholds } from '../projections/autocompactTrigger.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { EffectRecord } from '../pipeline/effectRecord.js';
import { buildTimeline } from '../pipeline/timeline.js';
import type { ReplaySettings } from '../pipeline/replayDecider.js';
import { clip } from './escapeHtml.js';
import { boundaryMarkers, decisionMarkers, recordMarkers, type Marker } from './sessionMarkers.js';
import { measureTokens, tokenSeries, type TokenPoint, type TokenSeries } from './tokenSeries.js';
import { toolActivity, type ToolErrorMark } from './toolActivity.js';

/** What a session page is drawn from: one session's log, memlog's records for it, and how it was read. */
export interface SessionInputs {
  /** The session's name on the page (its file name, never a host path). */
  readonly name: string;
  readonly entries: readonly LogEntry[];
  readonly records?: readonly EffectRecord[];
  readonly settings?: ReplaySettings;
  /** Lines of the transcript that were not entries. */
  readonly diagnostics?: number;
  readonly bytes?: number;
  /** A link back to the report index, relative to the page. */
  readonly backLink?: string;
}

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
}

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
}

/** Everything the session page shows, computed once; the renderer only lays it out. */
export interface SessionView {
  readonly name: string;
  readonly bytes: number | null;
  readonly diagnostics: number;
  readonly records: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly contextWindow: number;
  readonly thresholds: AutocompactThresholds;
  readonly series: TokenSeries;
  readonly turns: readonly TurnBar[];
  readonly toolCalls: readonly number[];
  readonly toolErrors: readonly ToolErrorMark[];
  readonly markers: readonly Marker[];
  readonly totals: SessionTotals;
  readonly backLink: string | null;
}

const PROMPT_CHARS = 400;

/** Builds a session's view model: a pure function of the entries, the records and the settings. */
export function buildSessionView(inputs: SessionInputs): SessionView {
  const { entries, settings = {}, records = [] } = inputs;
  const timeline = buildTimeline(entries, settings, records);
  const measured = measureTokens(entries);
  const series = tokenSeries(measured);
  const activity = toolActivity(entries);
  const firstSeq = entries[0]?.seq ?? 0;
  const lastSeq = entries[entries.length - 1]?.seq ?? 0;
  const fromRecords = recordMarkers(records);
  const recordedBoundaries = new Set(fromRecords.flatMap((m) => (m.kind === 'compacted' && m.uuid !== null ? [m.uuid] : [])));
  const times = new Map(entries.map(({ seq, entry }) => [seq, (entry as { timestamp?: unknown }).timestamp]));
  const markers = [
    ...decisionMarkers(timeline.decisions),
    ...fromRecords,
    ...boundaryMarkers(entries, tokensAfter(measured), recordedBoundaries),
  ]
    .map((m, order) => ({ m, order }))
    .sort((a, b) => a.m.seq - b.m.seq || a.order - b.order)
    .map(({ m }): Marker => {
      const time = times.get(m.seq);
      return typeof time === 'string' ? { ...m, time } : m;
    });
  const turns = timeline.turns.map((turn, i): TurnBar => ({
    index: turn.index,
    startSeq: turn.startSeq,
    endSeq: (timeline.turns[i + 1]?.startSeq ?? lastSeq + 1) - 1,
    uuid: turn.promptUuid,
    prompt: clip(turn.prompt, PROMPT_CHARS),
    toolCalls: turn.toolCalls,
    toolErrors: turn.toolErrors,
    tokens: turn.tokens,
    open: turn.endUuid === null,
  }));
  const count = (kind: Marker['kind']): number => markers.filter((m) => m.kind === kind).length;
  const autocompact = { ...DEFAULT_AUTOCOMPACT_SETTINGS, ...settings.autocompact };
  return {
    name: inputs.name,
    bytes: inputs.bytes ?? null,
    diagnostics: inputs.diagnostics ?? 0,
    records: records.length,
    firstSeq,
    lastSeq,
    firstTime: timestampOf(entries, 1),
    lastTime: timestampOf(entries, -1),
    contextWindow: autocompact.contextWindow,
    thresholds: autocompactThresholds(autocompact),
    series,
    turns,
    toolCalls: activity.calls,
    toolErrors: activity.errors,
    markers,
    totals: {
      entries: entries.length,
      turns: turns.length,
      toolCalls: activity.calls.length,
      toolErrors: activity.errors.length,
      maxTokens: series.max,
      lastTokens: series.points[series.points.length - 1]?.tokens ?? 0,
      notesDue: count('session_notes_due'),
      extractionsDue: count('extraction_due'),
      extractionsSkipped: count('extraction_skipped'),
      trailingRuns: count('trailing_run'),
      compactionsDue: count('compaction_due'),
      compactions: count('compacted'),
      memoriesWritten: markers.reduce((n, m) => n + (m.lane === 'extraction' && m.kind === 'run_finished' ? (m.files?.length ?? 0) : 0), 0),
      candidatesFound: records.reduce((n, r) => n + (r.type === 'candidates' ? r.candidates.length : 0), 0),
      failedRuns: count('run_failed'),
    },
    backLink: inputs.backLink ?? null,
  };
}

/** The context measured at the first message after a position (points are in log order). */
function tokensAfter(points: readonly TokenPoint[]): (seq: number) => number | null {
  return (seq) => points.find((p) => p.seq > seq)?.tokens ?? null;
}

/** The first (1) or last (-1) entry timestamp: the time span the page names. */
function timestampOf(entries: readonly LogEntry[], direction: 1 | -1): string | null {
  for (let i = direction === 1 ? 0 : entries.length - 1; i >= 0 && i < entries.length; i += direction) {
    const time = (entries[i]?.entry as { timestamp?: unknown } | undefined)?.timestamp;
    if (typeof time === 'string') return time;
  }
  return null;
}
