import { concat, filter, mergeMap, of, scan, tap, type Observable } from 'rxjs';
import type { InferredWindow } from '../projections/contextWindowInference.js';
import type { Decision } from '../projections/decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { ReadItem } from '../transcript/readItem.js';
import type { ReplaySettings } from './replayDecider.js';
import { createWindowDecider, inferredWindowOf, type WindowDeciderOptions, type WindowFoldState } from './windowDecider.js';

const END = Symbol('end of log');

export interface ReplayDecisionsOptions extends WindowDeciderOptions {
  /** Told once, when the session's usage proves a larger window than the one assumed (decision 113). */
  readonly onInferred?: (inferred: InferredWindow) => void;
}

/**
 * Folds the triggers over a stream of read items with `scan` and emits every decision in log
 * order. Deterministic: no clock, no randomness; the same items give the same decisions. With no
 * window given, the one the session ran with is read from its usage in the same fold (decision 113).
 */
export function replayDecisions(
  items: Observable<ReadItem>,
  settings: ReplaySettings = {},
  options: ReplayDecisionsOptions = {},
): Observable<Decision> {
  const decider = createWindowDecider(settings, options);
  const events: Observable<LogEntry | typeof END> = concat(
    items.pipe(filter((item): item is Extract<ReadItem, { kind: 'entry' }> => item.kind === 'entry')),
    of(END),
  );
  return events.pipe(
    scan<LogEntry | typeof END, Scanned>(
      ([fold], event) => {
        if (event !== END) return withNews(fold, decider.step(fold, { source: 'transcript', event }));
        const [ended, made] = decider.step(fold, { source: 'end' });
        const [finished, released] = decider.finish(ended);
        return withNews(fold, [finished, [...made, ...released]]);
      },
      [decider.initialState(), [], null],
    ),
    tap(([, , inferred]) => {
      if (inferred !== null) options.onInferred?.(inferred);
    }),
    // Most entries decide nothing: only non-empty lists go through mergeMap, which subscribes
    // to each list it is given (bench/replay.bench.ts, 100 MB: 0.76x to 0.81x of the floor).
    filter(([, decisions]) => decisions.length > 0),
    mergeMap(([, decisions]) => decisions),
  );
}

/** A step's fold and decisions, and the window it proved when this step proved it. */
type Scanned = readonly [WindowFoldState, readonly Decision[], InferredWindow | null];

function withNews(before: WindowFoldState, [fold, made]: readonly [WindowFoldState, readonly Decision[]]): Scanned {
  const inferred = inferredWindowOf(fold);
  return [fold, made, inferred !== null && inferredWindowOf(before) === null ? inferred : null];
}
