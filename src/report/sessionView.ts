import { autocompactThresholds, DEFAULT_AUTOCOMPACT_SETTINGS, type AutocompactThresholds } from '../projections/autocompactTrigger.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { EffectRecord } from '../pipeline/effectRecord.js';
import { buildTimeline, countDecision, noDecisions } from '../pipeline/timeline.js';
import { totalsOf } from './sessionTotalsOf.js';
import type { ReplaySettings } from '../pipeline/replayDecider.js';
import { clip } from './escapeHtml.js';
import { boundaryMarkers, decisionMarkers, recordMarkers, type Marker } from './sessionMarkers.js';
import { tokenMeasure, tokenSeries, type TokenPoints, type TokenSeries } from './tokenSeries.js';
import { toolActivityFold, type ToolErrorMark } from './toolActivity.js';

/** What a session page is drawn from: one session's log, memlog's records for it, and how it was read. */
export interface SessionInputs {
  /** The session's name on the page (its file name, never a host path). */
  readonly name: string;
  /** Walked once: an array, or a transcript read lazily (src/transcript/transcriptEntries.ts). */
  readonly entries: Iterable<LogEntry>;
  readonly records?: readonly EffectRecord[];
  readonly settings?: ReplaySettings;
  /** Lines of the transcript that were not entries; asked after the walk when it is a function (a lazy read counts them as it goes). */
  readonly diagnostics?: number | (() => number);
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
  /** A bar for several turns (a very long session, displayCaps.ts): the index of the last. */
  readonly through?: number;
}

import type { SessionTotals } from './sessionTotalsOf.js';
export type { SessionTotals };

/** Everything the session page shows, computed once; the renderer only lays it out. */
export interface SessionView {
  readonly name: string;
  /** The trigger policy the decisions followed, in words (`memlog replay --html` sets it). */
  readonly policy?: string;
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
  // One walk folds everything the page needs beside the timeline, so a lazily read transcript is read once and never held (issue 21).
  const measure = tokenMeasure();
  const activityFold = toolActivityFold();
  const boundaries: LogEntry[] = [];
  // The time of each entry a marker will stand at, not of every entry (issue 21): records'
  // places are known now, a boundary's as it is read, a decision's from the last entries read.
  const times = new Map<number, unknown>();
  const wanted = new Set(records.map((r) => r.at.seq));
  const recent = new RecentTimes();
  const missed = new Set<number>();
  let count = 0;
  let firstSeq: number | undefined;
  let lastSeq = 0;
  let firstTime: string | null = null;
  let lastTime: string | null = null;
  function* walked(): Generator<LogEntry> {
    for (const event of entries) {
      count++;
      firstSeq ??= event.seq;
      lastSeq = event.seq;
      const time = (event.entry as { timestamp?: unknown }).timestamp;
      recent.add(event.seq, time);
      if (wanted.has(event.seq) || isBoundary(event)) times.set(event.seq, time);
      if (typeof time === 'string') {
        firstTime ??= time;
        lastTime = time;
      }
      measure.push(event);
      activityFold.push(event);
      if (isBoundary(event)) boundaries.push(event);
      yield event;
    }
  }
  // The timeline walks a second time only in a rare case (a prompt's uuid used before it); that walk needs no folding.
  let first = true;
  const once: Iterable<LogEntry> = {
    [Symbol.iterator]: () => {
      if (!first) return entries[Symbol.iterator]();
      first = false;
      return walked();
    },
  };
  const timeline = buildTimeline(once, settings, records, (decision) => {
    if (times.has(decision.seq)) return;
    const time = recent.find(decision.seq);
    if (time === NOT_RECENT) missed.add(decision.seq);
    else times.set(decision.seq, time);
  });
  // Rare: a decision about an entry read long before it. One more walk finds that entry's time.
  if (missed.size > 0)
    for (const { seq, entry } of entries) if (missed.has(seq)) times.set(seq, (entry as { timestamp?: unknown }).timestamp);
  const measured = measure.points;
  const series = tokenSeries(measured);
  const activity = activityFold.activity;
  const fromRecords = recordMarkers(records);
  const recordedBoundaries = new Set(fromRecords.flatMap((m) => (m.kind === 'compacted' && m.uuid !== null ? [m.uuid] : [])));
  const fromBoundaries = boundaryMarkers(boundaries, tokensAfter(measured), recordedBoundaries);
  const markers = [...decisionMarkers(timeline.decisions), ...fromRecords, ...fromBoundaries]
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
  const decided = noDecisions();
  for (const d of timeline.decisions) countDecision(decided, d);
  const autocompact = { ...DEFAULT_AUTOCOMPACT_SETTINGS, ...settings.autocompact };
  return {
    name: inputs.name,
    bytes: inputs.bytes ?? null,
    diagnostics: typeof inputs.diagnostics === 'function' ? inputs.diagnostics() : (inputs.diagnostics ?? 0),
    records: records.length,
    firstSeq: firstSeq ?? 0,
    lastSeq,
    firstTime,
    lastTime,
    contextWindow: autocompact.contextWindow,
    thresholds: autocompactThresholds(autocompact),
    series,
    turns,
    toolCalls: activity.calls,
    toolErrors: activity.errors,
    markers,
    totals: totalsOf({
      entries: count,
      turns: turns.length,
      toolCalls: activity.calls.length,
      toolErrors: activity.errors.length,
      points: measured,
      decided,
      recordMarkers: fromRecords,
      unrecordedBoundaries: fromBoundaries.length,
      records,
    }),
    backLink: inputs.backLink ?? null,
  };
}

/** The context measured at the first message after a position (points are in log order). */
function tokensAfter(points: TokenPoints): (seq: number) => number | null {
  return (seq) => points.firstAfter(seq)?.tokens ?? null;
}

const isBoundary = ({ entry }: LogEntry): boolean => entry.type === 'system' && entry.subtype === 'compact_boundary';

const NOT_RECENT = Symbol('not recent');

/** The timestamps of the last entries read, by seq: a decision is made a few entries after the one it is about. */
class RecentTimes {
  static readonly SIZE = 4096;
  readonly #seqs = new Float64Array(RecentTimes.SIZE).fill(-1);
  readonly #times: unknown[] = new Array<unknown>(RecentTimes.SIZE);
  #next = 0;

  add(seq: number, time: unknown): void {
    this.#seqs[this.#next] = seq;
    this.#times[this.#next] = time;
    this.#next = (this.#next + 1) % RecentTimes.SIZE;
  }

  find(seq: number): unknown {
    for (let k = 1; k <= RecentTimes.SIZE; k++) {
      const i = (this.#next - k + RecentTimes.SIZE) % RecentTimes.SIZE;
      if (this.#seqs[i] === seq) return this.#times[i];
    }
    return NOT_RECENT;
  }
}
