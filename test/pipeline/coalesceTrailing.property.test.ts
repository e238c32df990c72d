import fc from 'fast-check';
import {
  EMPTY,
  catchError,
  concatMap,
  concatWith,
  from,
  ignoreElements,
  map,
  mergeMap,
  of,
  tap,
  throwError,
  timer,
  type Observable,
} from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { evolveTrailing, initialTrailingState, type TrailingEvent } from '../../src/pipeline/trailingCoalesce.js';
import { coalesceTrailing } from '../../src/pipeline/operators/coalesceTrailing.js';
import { fcRuns } from '../support/fcRuns.js';

/** How one run behaves: ends in the frame it starts ('sync'), or after some frames, finishing or failing. */
type RunScript = { kind: 'sync' | 'finish' | 'fail'; frames: number };

const runScript: fc.Arbitrary<RunScript> = fc.oneof(
  fc.record({ kind: fc.constant('sync' as const), frames: fc.constant(0) }),
  fc.record({ kind: fc.constant('finish' as const), frames: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ kind: fc.constant('fail' as const), frames: fc.integer({ min: 0, max: 8 }) }),
);

/** Request i arrives gaps[i] frames after request i - 1 (or after subscription); the source completes `tail` frames after the last. */
interface Schedule {
  gaps: number[];
  runs: RunScript[];
  tail: number;
}

const schedule: fc.Arbitrary<Schedule> = fc.record({
  gaps: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }),
  runs: fc.array(runScript, { minLength: 1, maxLength: 12 }),
  tail: fc.integer({ min: 0, max: 10 }),
});

interface Trace {
  requested: number[];
  batches: number[][];
  events: TrailingEvent<number>[];
  maxInFlight: number;
  lastRunEnd: number;
  sourceEnd: number;
  completedAt: number | null;
}

/** Runs the operator in virtual time and records what it experienced, in the order it did. */
function trace({ gaps, runs, tail }: Schedule): Trace {
  const testScheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  const t: Trace = { requested: [], batches: [], events: [], maxInFlight: 0, lastRunEnd: 0, sourceEnd: 0, completedAt: null };
  let inFlight = 0;

  testScheduler.run(() => {
    const ended = (kind: 'finished' | 'failed'): void => {
      inFlight -= 1;
      t.lastRunEnd = testScheduler.now();
      t.events.push({ kind });
    };

    const run = (batch: number[]): Observable<number[]> => {
      const script = runs[t.batches.length % runs.length]!;
      t.batches.push(batch);
      inFlight += 1;
      t.maxInFlight = Math.max(t.maxInFlight, inFlight);
      const outcome =
        script.kind === 'sync'
          ? of(batch)
          : script.kind === 'finish'
            ? timer(script.frames).pipe(map(() => batch))
            : timer(script.frames).pipe(mergeMap(() => throwError(() => new Error('run failed'))));
      return outcome.pipe(
        tap({ complete: () => ended('finished') }),
        catchError(() => (ended('failed'), EMPTY)),
      );
    };

    // Chained timers, so each request is scheduled from the previous one's frame and same-frame
    // requests and run ends interleave in both orders. The tail keeps the source open after the
    // last request, so runs may still be in flight or pending when it completes.
    const source = from(gaps).pipe(
      concatMap((gap, i) => timer(gap).pipe(map(() => i))),
      concatWith(timer(tail).pipe(ignoreElements())),
      tap({
        next: (i) => {
          t.requested.push(i);
          t.events.push({ kind: 'requested', value: i });
        },
        complete: () => (t.sourceEnd = testScheduler.now()),
      }),
    );

    source.pipe(coalesceTrailing(run)).subscribe({ complete: () => (t.completedAt = testScheduler.now()) });
  });
  return t;
}

describe('coalesceTrailing properties', () => {
  it('never runs twice at once, runs every request exactly once in order, and loses nothing at the end', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const t = trace(s);
        expect(t.maxInFlight).toBeLessThanOrEqual(1);
        expect(t.requested).toEqual(s.gaps.map((_, i) => i));
        expect(t.batches.flat()).toEqual(t.requested);
        expect(t.batches.every((batch) => batch.length > 0)).toBe(true);
        if (t.requested.length > 0) expect(t.batches.at(-1)?.at(-1)).toBe(t.requested.at(-1));
        // Completion waits for the source and for the last run, and no longer.
        expect(t.completedAt).toBe(Math.max(t.sourceEnd, t.lastRunEnd));
      }),
      { numRuns: fcRuns },
    );
  });

  it('evolveTrailing, fed the events the operator saw, decides exactly the batches it ran', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const t = trace(s);
        let state = initialTrailingState<number>();
        const decided: (readonly number[])[] = [];
        for (const event of t.events) {
          const [next, decisions] = evolveTrailing(state, event);
          state = next;
          decided.push(...decisions.map((d) => d.batch));
          expect(state.runs).toBe(decided.length);
          if (state.inFlight === null) expect(state.pending).toEqual([]);
        }
        expect(decided).toEqual(t.batches);
        expect(state.inFlight).toBeNull();
      }),
      { numRuns: fcRuns },
    );
  });
});
