import { thresholdsAt, type AutocompactThresholds } from '../projections/autocompactTrigger.js';
import { isMainThreadMessage } from '../projections/tokens.js';
import { entryVersion } from '../projections/triggerPolicy.js';
import { resolveSettings } from '../pipeline/policySettings.js';
import { promptPreview, turnsProjection, type Turn } from '../projections/turns.js';
import { hasUuid } from '../transcript/entrySchema.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { InferredWindow } from '../projections/contextWindowInference.js';
import type { Decision } from '../projections/decisions.js';
import type { EffectRecord } from '../pipeline/effectRecord.js';
import { countDecision, firstPromptPreview, noDecisions } from '../pipeline/timeline.js';
import { settingsWithWindow } from '../pipeline/inferredWindow.js';
import { replaySync } from '../pipeline/replaySync.js';
import { FingerprintSet } from '../resume/fingerprintSet.js';
import { totalsOf } from './sessionTotalsOf.js';
import type { ReplaySettings } from '../pipeline/replayDecider.js';
import { clip } from './escapeHtml.js';
import { DISPLAY_CAPS, type DisplayCaps } from './displayCaps.js';
import { StretchSampler, TurnStrip, type SampleKey, type TurnBar } from './displaySampling.js';
import { CompactionAuditFold } from './compactionAudit.js';
import { boundaryMarker, decisionMarker, recordMarkers, type Marker } from './sessionMarkers.js';
import { tokenMeasure, tokenSeries, type TokenPoints, type TokenSeries } from './tokenSeries.js';
import { toolActivityFold, type ToolErrorMark } from './toolActivity.js';
import { thresholdStretches, VersionChanges, type Since, type ThresholdStretch } from './thresholdStretches.js';

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

import type { SessionTotals } from './sessionTotalsOf.js';
export type { SessionTotals, TurnBar };

/** How much of a very long session the page draws (displayCaps.ts); the totals always count everything. */
export interface DrawnCounts {
  /** Turns a bar on the strip: 1 unless the session has more turns than bars fit. */
  readonly turnsPerBar: number;
  /** Every marker of the session, drawn or not. */
  readonly markers: number;
  /** Entries a stretch of a crowded lane spans (it keeps the first marker of a kind per stretch); 0 when no lane is crowded. */
  readonly markerStretch: number;
  /** Entries a stretch of the failed tool results spans (the first is kept); 0 when all are drawn. */
  readonly toolErrorStretch: number;
}

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
  /** Set when no window was given and the session's usage proved a larger one than the default (decision 113). */
  readonly inferred?: InferredWindow;
  readonly firstTime: string | null;
  readonly lastTime: string | null;
  readonly contextWindow: number;
  /** The newest stretch's thresholds: what the trigger decides the next request with. */
  readonly thresholds: AutocompactThresholds;
  /** The session cut where its Claude Code version or its window changed, in log order; one stretch when neither did. */
  readonly stretches: readonly ThresholdStretch[];
  readonly series: TokenSeries;
  /** The turns as drawn: one bar each, or one bar a group in a very long session. */
  readonly turns: readonly TurnBar[];
  readonly toolCalls: readonly number[];
  /** The failed tool results as drawn. */
  readonly toolErrors: readonly ToolErrorMark[];
  /** The markers as drawn, in log order. */
  readonly markers: readonly Marker[];
  readonly drawn: DrawnCounts;
  readonly totals: SessionTotals;
  readonly backLink: string | null;
}

const PROMPT_CHARS = 400;

/** Where a marker came from: at one seq, decisions are drawn before records, records before boundaries. */
const DECISION = 0;
const RECORD = 2 ** 40;
const BOUNDARY = 2 ** 41;

type Keyed<T> = T & SampleKey;

/** A compact boundary as its marker needs it, without the entry. */
interface BoundarySeen {
  readonly seq: number;
  readonly entry: Extract<LogEntry['entry'], { type: 'system' }>;
  readonly time: unknown;
}

/**
 * Builds a session's view model: a pure function of the entries, the records and the settings.
 * One walk folds everything, keeping only what the page draws (decision 57): the turns, markers and
 * failed tool results of a very long session are sampled as they come (displaySampling.ts), so
 * a lazily read transcript is read once and memory does not grow with it.
 */
export function buildSessionView(inputs: SessionInputs, caps: DisplayCaps = DISPLAY_CAPS): SessionView {
  const { entries, records = [] } = inputs;
  const measure = tokenMeasure();
  const strip = new TurnStrip(caps.turnBars);
  const laneSamplers = new Map<string, StretchSampler<Keyed<Marker>>>();
  const laneOf = (lane: string): StretchSampler<Keyed<Marker>> => {
    let sampler = laneSamplers.get(lane);
    if (sampler === undefined) laneSamplers.set(lane, (sampler = new StretchSampler(caps.laneMarkers, (m) => m.kind)));
    return sampler;
  };
  const errors = new StretchSampler<Keyed<ToolErrorMark>>(caps.toolErrors);
  const toolCalls: number[] = [];
  const activity = toolActivityFold({
    onCall: (seq) => toolCalls.push(seq),
    onError: (mark) => errors.add({ ...mark, order: errors.seen }),
  });
  const boundaries: BoundarySeen[] = [];
  const audit = new CompactionAuditFold();
  // Times are wanted only where a marker stands: records' places are known now, a boundary's as
  // it is read, a decision's from the last entries read.
  const wanted = new Set(records.map((r) => r.at.seq));
  const times = new Map<number, unknown>();
  const recent = new RecentTimes();
  // Decisions held until the session's window is known (decision 113) arrive long after their entry: its time is kept when made.
  const heldTimes = new Map<number, unknown>();
  const untimed = new Set<number>();
  const decided = noDecisions();
  let decisions = 0;
  let count = 0;
  let firstSeq: number | undefined;
  let lastSeq = 0;
  /** The Claude Code versions of the main-thread messages, where they change: the trigger decides with the newest message's. */
  const versions = new VersionChanges();
  let firstTime: string | null = null;
  let lastTime: string | null = null;
  let turnState = turnsProjection.initialState();
  let pending: { turn: Turn; readonly prompt: string } | null = null;
  const seen = new FingerprintSet();
  const endTurn = (endSeq: number): void => {
    if (pending === null) return;
    const { turn, prompt } = pending;
    strip.push({
      index: turn.index,
      startSeq: turn.startSeq,
      endSeq,
      uuid: turn.promptUuid,
      prompt: clip(prompt, PROMPT_CHARS),
      toolCalls: turn.toolCalls,
      toolErrors: turn.toolErrors,
      tokens: turn.tokens,
      open: turn.endUuid === null,
    });
  };
  function* walked(): Generator<LogEntry> {
    for (const event of entries) {
      count++;
      firstSeq ??= event.seq;
      lastSeq = event.seq;
      const { entry } = event;
      const time = (entry as { timestamp?: unknown }).timestamp;
      recent.add(event.seq, time);
      if (wanted.has(event.seq)) times.set(event.seq, time);
      if (typeof time === 'string') {
        firstTime ??= time;
        lastTime = time;
      }
      measure.push(event);
      activity.push(event);
      audit.push(event);
      if (entry.type === 'system' && entry.subtype === 'compact_boundary') boundaries.push({ seq: event.seq, entry, time });
      if ((entry.type === 'user' || entry.type === 'assistant') && isMainThreadMessage(event))
        versions.push(event.seq, entryVersion(entry));
      turnState = turnsProjection.evolve(turnState, event);
      const current = turnState.current;
      if (current !== null && current.index !== pending?.turn.index) {
        // A new turn began: the one before it is complete. Its prompt shows as the first line written with its uuid.
        endTurn(current.startSeq - 1);
        const uuid = hasUuid(entry) ? entry.uuid : null;
        pending = { turn: current, prompt: uuid !== null && seen.mayHave(uuid) ? firstPromptPreview(entries, uuid) : promptPreview(entry) };
        turnState = { ...turnState, earlier: null };
      } else if (current !== null && pending !== null) pending.turn = current;
      if (hasUuid(entry)) seen.add(entry.uuid);
      yield event;
    }
  }
  const onDecision = (decision: Decision): void => {
    countDecision(decided, decision);
    const order = DECISION + decisions++;
    const marker = decisionMarker(decision);
    if (marker === null) return;
    const time = heldTimes.has(decision.seq) ? heldTimes.get(decision.seq) : recent.find(decision.seq);
    if (time === NOT_RECENT) untimed.add(decision.seq);
    laneOf(marker.lane).add(withTime({ ...marker, order }, time));
  };
  const onHeld = (decision: Decision): void => {
    const time = recent.find(decision.seq);
    if (time !== NOT_RECENT) heldTimes.set(decision.seq, time);
  };
  const { inferred } = replaySync(walked(), inputs.settings, undefined, records, onDecision, onHeld);
  heldTimes.clear();
  const settings = settingsWithWindow(inputs.settings ?? {}, inferred);
  endTurn(lastSeq);
  audit.finish();
  const measured = measure.points;
  const fromRecords = recordMarkers(records).map((m) => audit.withAudit(m));
  fromRecords.forEach((m, i) => laneOf(m.lane).add(withTime({ ...m, order: RECORD + i }, times.get(m.seq))));
  const recordedBoundaries = new Set(fromRecords.flatMap((m) => (m.kind === 'compacted' && m.uuid !== null ? [m.uuid] : [])));
  const after = tokensAfter(measured);
  let unrecordedBoundaries = 0;
  boundaries.forEach(({ seq, entry, time }, i) => {
    if (recordedBoundaries.has(entry.uuid)) return;
    unrecordedBoundaries++;
    const marker = audit.withAudit(boundaryMarker(seq, entry, after));
    laneOf(marker.lane).add(withTime({ ...marker, order: BOUNDARY + i }, time));
  });
  let markers = [...laneSamplers.values()].flatMap((sampler) => sampler.kept).sort((a, b) => a.seq - b.seq || a.order - b.order);
  // Rare: a decision about an entry read long before it. One more walk finds the times of those drawn.
  const late = new Set(markers.filter((m) => untimed.has(m.seq) && m.time === undefined).map((m) => m.seq));
  if (late.size > 0) {
    const found = new Map<number, unknown>();
    for (const { seq, entry } of entries) if (late.has(seq)) found.set(seq, (entry as { timestamp?: unknown }).timestamp);
    markers = markers.map((m) => (late.has(m.seq) && m.time === undefined ? withTime(m, found.get(m.seq)) : m));
  }
  // The policy's rules too: a 1M model's lower window from Claude Code 2.1.337 is the threshold its markers were decided at.
  const autocompact = resolveSettings(settings).autocompact;
  const turns = strip.turns;
  return {
    name: inputs.name,
    bytes: inputs.bytes ?? null,
    diagnostics: typeof inputs.diagnostics === 'function' ? inputs.diagnostics() : (inputs.diagnostics ?? 0),
    records: records.length,
    firstSeq: firstSeq ?? 0,
    lastSeq,
    ...(inferred === null ? {} : { inferred }),
    firstTime,
    lastTime,
    contextWindow: autocompact.contextWindow,
    thresholds: thresholdsAt(autocompact, versions.newest),
    stretches: thresholdStretches(firstSeq ?? 0, versions.changes, windowsOf(autocompact.contextWindow, inferred), autocompact),
    series: tokenSeries(measured),
    turns: strip.bars,
    toolCalls,
    toolErrors: errors.kept.map(withoutKey),
    markers: markers.map(withoutKey),
    drawn: {
      turnsPerBar: strip.groupSize,
      markers: [...laneSamplers.values()].reduce((n, sampler) => n + sampler.seen, 0),
      markerStretch: Math.max(0, ...[...laneSamplers.values()].map((sampler) => sampler.stretch)),
      toolErrorStretch: errors.stretch,
    },
    totals: totalsOf({
      entries: count,
      turns,
      toolCalls: activity.calls(),
      toolErrors: activity.errors(),
      points: measured,
      decided,
      recordMarkers: fromRecords,
      unrecordedBoundaries,
      records,
      lostAtCompaction: audit.lostTotal(),
    }),
    backLink: inputs.backLink ?? null,
  };
}

/** The window each part of the session was decided with: the one proved from where it took over (decision 113), else one. */
function windowsOf(window: number, inferred: InferredWindow | null): Array<Since<number>> {
  if (inferred?.since === undefined) return [];
  return [
    { since: 0, value: inferred.assumed },
    { since: inferred.since, value: window },
  ];
}

/** A marker with the time of its entry, when that entry has one. */
function withTime<M extends Marker>(marker: M, time: unknown): M {
  return typeof time === 'string' ? { ...marker, time } : marker;
}

/** An item as the page draws it: without the key it was sampled by. */
function withoutKey<T extends SampleKey>(item: T): Omit<T, 'order'> {
  const { order: _order, ...rest } = item;
  return rest;
}

/** The context measured at the first message after a position (points are in log order). */
function tokensAfter(points: TokenPoints): (seq: number) => number | null {
  return (seq) => points.firstAfter(seq)?.tokens ?? null;
}

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
