import { DEFAULT_AUTOCOMPACT_SETTINGS } from '../projections/autocompactTrigger.js';
import {
  LARGEST_WINDOW,
  responseInput,
  windowProvenBy,
  windowSettledBy,
  type InferredWindow,
} from '../projections/contextWindowInference.js';
import { NO_DECISIONS, type Decision } from '../projections/decisions.js';
import { createReplayDecider, type PipelineDecider, type PipelineEvent, type ReplaySettings, type ReplayState } from './replayDecider.js';

/**
 * Decisions made since the fold forked, newest first: those both windows make alike once, the
 * others with the window that made them. A list that shares its tail, so holding one more is O(1).
 */
export interface Held {
  readonly decision: Decision;
  readonly by: 'both' | 'assumed' | 'raised';
  readonly earlier: Held | null;
}

/**
 * The replay's state while the window is read from the session's usage (decision 113):
 * - `given`: the caller named the window; nothing is inferred.
 * - `assumed`: nothing has passed the assumed window, and no compaction has been decided against
 *   it, so a larger window would have decided the same and the state is the same for both.
 * - `forked`: the assumed window decided a compaction a larger one might not have: both replays go
 *   on side by side and their decisions are held (`count` of them) until usage proves the larger window,
 *   or Claude Code compacts on its own within the assumed one, or the hold is full, or the log ends.
 * - `raised`: usage passed the assumed window, which no session on it can do: the larger window from the start.
 */
export type WindowFoldState =
  | { readonly phase: 'given'; readonly state: ReplayState }
  | ({ readonly phase: 'assumed'; readonly state: ReplayState } & SettledThrough)
  | ({
      readonly phase: 'forked';
      readonly assumed: ReplayState;
      readonly raised: ReplayState;
      readonly held: Held | null;
      readonly count: number;
    } & SettledThrough)
  | { readonly phase: 'raised'; readonly state: ReplayState; readonly inferred: InferredWindow };

/**
 * The last entry up to which the assumed window was taken (Claude Code compacted on its own within it, or the hold
 * was full): a larger window proved later holds only after it (decision 113, amended). Absent while none was.
 */
interface SettledThrough {
  readonly settledThrough?: number;
}

type Stepped = readonly [WindowFoldState, readonly Decision[]];

export interface WindowDecider {
  readonly initialState: () => WindowFoldState;
  readonly step: (state: WindowFoldState, event: PipelineEvent) => Stepped;
  /**
   * The log has ended (after its last event, `end` included; an `end` inside the log, before a
   * record written after a read, is no end of the session): a forked fold gives the decisions of
   * the assumed window, which usage never passed.
   */
  readonly finish: (state: WindowFoldState) => Stepped;
}

export interface WindowDeciderOptions {
  /**
   * Decide at once against the window known so far and hold nothing (`replay --follow`: what is
   * printed cannot be taken back); usage that passes it raises it from there on.
   */
  readonly live?: boolean;
  /** The most decisions held while forked (default HOLD_AT_MOST); one more and the assumed window is taken. */
  readonly holdAtMost?: number;
}

/**
 * The most decisions a forked fold holds. A session on the 200,000 window is settled by Claude Code's own
 * compaction a few requests after memlog's (under the default settings its threshold is the same as memlog's, or
 * 12,000 tokens higher with the 8,000-token output cap); a fork this long is a session that compacts only by hand
 * or not at all, and then the smaller window is what nothing in it contradicts so far (decision 113, amended).
 */
export const HOLD_AT_MOST = 10_000;

/**
 * The replay decider with the window the session ran with, in the one walk that decides
 * (decision 113): a pure fold over the same events, whose result equals the replay with
 * `--context-window 1000000` given from the start when a main-thread response's input passes
 * 200,000 (and fits 1,000,000) before Claude Code compacted on its own within 200,000, and the replay
 * with none given otherwise. Memory: at most `holdAtMost` decisions, those made after a compaction the
 * default window decides until usage, Claude Code's own compaction or the end settles it; never the entries.
 */
export function createWindowDecider(settings: ReplaySettings = {}, options: WindowDeciderOptions = {}): WindowDecider {
  const assumed = createReplayDecider(settings);
  if (settings.autocompact?.contextWindow !== undefined)
    return {
      initialState: () => ({ phase: 'given', state: assumed.initialState() }),
      step: (fold, event) => one(assumed, fold, event),
      finish: (fold) => [fold, NO_DECISIONS],
    };
  const raised = createReplayDecider({ ...settings, autocompact: { ...settings.autocompact, contextWindow: LARGEST_WINDOW } });
  const both: Both = { assumed, raised, live: options.live === true, holdAtMost: options.holdAtMost ?? HOLD_AT_MOST };
  return {
    initialState: () => ({ phase: 'assumed', state: assumed.initialState() }),
    step(fold, event) {
      switch (fold.phase) {
        case 'given':
          return one(assumed, fold, event);
        case 'raised':
          return one(raised, fold, event);
        case 'assumed':
          return fromAssumed(both, fold, event, proven(event), settles(event));
        case 'forked':
          return fromForked(both, fold, event, proven(event), settles(event));
      }
    },
    finish(fold) {
      if (fold.phase !== 'forked') return [fold, NO_DECISIONS];
      return [{ phase: 'assumed', state: fold.assumed }, release(fold.held, 'assumed')];
    },
  };
}

/** The deciders of the window assumed and of the one usage may prove. */
interface Both {
  readonly assumed: PipelineDecider;
  readonly raised: PipelineDecider;
  readonly live: boolean;
  readonly holdAtMost: number;
}

/** The window a transcript event proves, when it is a response whose input passed the default one. */
function proven(event: PipelineEvent): InferredWindow | null {
  if (event.source !== 'transcript') return null;
  const input = responseInput(event.event);
  return input === null ? null : windowProvenBy(input, DEFAULT_AUTOCOMPACT_SETTINGS.contextWindow);
}

/** Whether a transcript event settles the assumed window: Claude Code compacted on its own within it. */
function settles(event: PipelineEvent): boolean {
  return event.source === 'transcript' && windowSettledBy(event.event, DEFAULT_AUTOCOMPACT_SETTINGS.contextWindow);
}

function fromAssumed(
  both: Both,
  fold: Extract<WindowFoldState, { phase: 'assumed' }>,
  event: PipelineEvent,
  inferred: InferredWindow | null,
  settled: boolean,
): Stepped {
  if (inferred !== null) return raise(both, fold.state, event, provenSince(both, fold, event, inferred), NO_DECISIONS);
  const [next, made] = both.assumed.step(fold.state, event);
  const through = settled ? seqOf(event) : fold.settledThrough;
  if (both.live || settled || !made.some(isCompactionDue))
    return [next === fold.state && through === fold.settledThrough ? fold : assumedThrough(next, through), made];
  // Until now both windows decided alike from the same state; from here they may not.
  const [other, otherMade] = both.raised.step(fold.state, event);
  return heldOrSettled(both, event, next, other, { held: null, count: 0, ...settledField(through) }, made, otherMade);
}

function fromForked(
  both: Both,
  fold: Extract<WindowFoldState, { phase: 'forked' }>,
  event: PipelineEvent,
  inferred: InferredWindow | null,
  settled: boolean,
): Stepped {
  if (inferred !== null) return raise(both, fold.raised, event, provenSince(both, fold, event, inferred), release(fold.held, 'raised'));
  const [next, made] = both.assumed.step(fold.assumed, event);
  // Claude Code compacted on its own within the assumed window: the session ran with it, as the end of the log would say.
  if (settled) return [assumedThrough(next, seqOf(event)), [...release(fold.held, 'assumed'), ...made]];
  const [other, otherMade] = both.raised.step(fold.raised, event);
  return heldOrSettled(both, event, next, other, fold, made, otherMade);
}

/**
 * The window proved, with the first entry it decided: the one after the last the assumed window was taken through,
 * or, live, the entry that proved it (what was printed before stays); from the start when neither.
 */
function provenSince(both: Both, fold: SettledThrough, event: PipelineEvent, inferred: InferredWindow): InferredWindow {
  const through = both.live ? (seqOf(event) ?? 0) - 1 : fold.settledThrough;
  return through === undefined || through < 0 ? inferred : { ...inferred, since: through + 1 };
}

/** The position of an event in the transcript: its entry's, or the entry a record was written after. */
function seqOf(event: PipelineEvent): number | undefined {
  if (event.source === 'transcript') return event.event.seq;
  return event.source === 'effects' ? event.record.at.seq : undefined;
}

function settledField(through: number | undefined): SettledThrough {
  return through === undefined ? {} : { settledThrough: through };
}

function assumedThrough(state: ReplayState, through: number | undefined): WindowFoldState {
  return { phase: 'assumed', state, ...settledField(through) };
}

/** Usage proved the larger window: the fold goes on with its decider alone, after what it held for that window. */
function raise(both: Both, state: ReplayState, event: PipelineEvent, inferred: InferredWindow, held: readonly Decision[]): Stepped {
  const [next, made] = both.raised.step(state, event);
  return [{ phase: 'raised', state: next, inferred }, [...held, ...made]];
}

/**
 * The fold forked with this step's decisions held; past `holdAtMost` decisions held, the assumed window is taken as
 * the end of the log would take it, and the fold goes on with one decider: what is held stays bounded.
 */
function heldOrSettled(
  both: Both,
  event: PipelineEvent,
  assumed: ReplayState,
  raised: ReplayState,
  before: { readonly held: Held | null; readonly count: number } & SettledThrough,
  made: readonly Decision[],
  otherMade: readonly Decision[],
): Stepped {
  const [list, added] = hold(before.held, made, otherMade);
  const count = before.count + added;
  if (count > both.holdAtMost) return [assumedThrough(assumed, seqOf(event) ?? before.settledThrough), release(list, 'assumed')];
  return [{ phase: 'forked', assumed, raised, held: list, count, ...settledField(before.settledThrough) }, NO_DECISIONS];
}

/** One decider, no inference: the window is known. */
function one(decider: PipelineDecider, fold: WindowFoldState, event: PipelineEvent): Stepped {
  if (fold.phase !== 'given' && fold.phase !== 'raised') return [fold, NO_DECISIONS];
  const [state, made] = decider.step(fold.state, event);
  return [state === fold.state ? fold : { ...fold, state }, made];
}

const isCompactionDue = (decision: Decision): boolean => decision.kind === 'compaction_due';

/** One step's decisions of both windows, held, and how many were added: kept once when alike (most are: only compaction differs). */
function hold(held: Held | null, assumed: readonly Decision[], raised: readonly Decision[]): readonly [Held | null, number] {
  let next = held;
  if (assumed.length === raised.length && assumed.every((d, i) => sameDecision(d, raised[i]))) {
    for (const decision of assumed) next = { decision, by: 'both', earlier: next };
    return [next, assumed.length];
  }
  for (const decision of assumed) next = { decision, by: 'assumed', earlier: next };
  for (const decision of raised) next = { decision, by: 'raised', earlier: next };
  return [next, assumed.length + raised.length];
}

/** The decisions one window made while the fold was forked, oldest first. */
export function release(held: Held | null, window: 'assumed' | 'raised'): Decision[] {
  const out: Decision[] = [];
  for (let h = held; h !== null; h = h.earlier) if (h.by === 'both' || h.by === window) out.push(h.decision);
  return out.reverse();
}

/** Decisions are plain data, built by the same code in the same key order: their JSON is equal when they are. */
function sameDecision(a: Decision, b: Decision | undefined): boolean {
  return a === b || (b !== undefined && a.kind === b.kind && a.seq === b.seq && JSON.stringify(a) === JSON.stringify(b));
}

/** The replay's state as the window the fold knows so far decides it (a forked fold's larger window: the one usage would prove). */
export function replayStateOf(fold: WindowFoldState, window: 'assumed' | 'raised' = 'raised'): ReplayState {
  if (fold.phase !== 'forked') return fold.state;
  return window === 'raised' ? fold.raised : fold.assumed;
}

/** The window usage proved, when it did. */
export function inferredWindowOf(fold: WindowFoldState): InferredWindow | null {
  return fold.phase === 'raised' ? fold.inferred : null;
}
