import { Subject, VirtualTimeScheduler, finalize, lastValueFrom, map, of, toArray, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { coalesceTrailing } from '../../../src/pipeline/operators/coalesceTrailing.js';

/** Each run's results: the inner `y` with every value replaced by the batch, joined. */
const joinedOver =
  (y: Observable<string>) =>
  (batch: string[]): Observable<string> =>
    y.pipe(map(() => batch.join('')));

describe('coalesceTrailing', () => {
  let testScheduler: TestScheduler;

  beforeEach(() => {
    testScheduler = new TestScheduler((actual, expected) => {
      expect(actual).toEqual(expected);
    });
  });

  it('a single request runs at once with a batch of one', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-----|');
      const e1subs = '  ^------!';
      const y = cold('   --x|');
      const ysubs = '   -^--!';
      const expected = '---a---|';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected);
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('requests during a run become exactly one trailing run with all of them, in arrival order', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-b-c-d--------|');
      const e1subs = '  ^---------------!';
      const y = cold('   -----x|');
      const ysubs = ['  -^-----!', '  -------^-----!'];
      const expected = '------x-----y---|';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected, { x: 'a', y: 'bcd' });
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('a request after the run has ended starts a new leading run, not a trailing one', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-------b----|');
      const e1subs = '  ^-------------!';
      const y = cold('   --x|');
      const ysubs = ['  -^--!', '  ---------^--!'];
      const expected = '---a-------b--|';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected);
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('completes only after the in-flight run and the trailing run have finished', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-b-c|');
      const e1subs = '  ^-----!';
      const y = cold('   -----x|');
      const ysubs = ['  -^-----!', '  -------^-----!'];
      const expected = '------x-----y|';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected, { x: 'a', y: 'bc' });
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('completes at once when the source completes while idle', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a----|');
      const y = cold('   -x|');
      const expected = '--a---|';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected);
      expectSubscriptions(e1.subscriptions).toBe('^-----!');
      expectSubscriptions(y.subscriptions).toBe('-^-!');
    });
  });

  it('unsubscribing tears down the run in flight and drops the pending requests', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-b-c-----|');
      const unsub = '   ----!';
      const e1subs = '  ^---!';
      const y = cold('   --x--x|');
      const ysubs = '   -^--!';
      const expected = '---a';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y))), unsub).toBe(expected);
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('unsubscribing before a scheduled run starts means the run never starts', () => {
    let calls = 0;
    testScheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const e1 = cold(' a');
      const y = cold('  x|');
      const result = e1.pipe(
        coalesceTrailing((batch: string[]) => {
          calls += 1;
          return joinedOver(y)(batch);
        }),
      );

      expectObservable(result, '!').toBe('');
      expectSubscriptions(y.subscriptions).toBe([]);
    });
    expect(calls).toBe(0);
  });

  it('a run that errors errors the output, unsubscribes the source and drops the pending requests', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-b---c--|');
      const e1subs = '  ^---!';
      const y = cold('   -x-#', undefined, 'boom');
      const ysubs = '   -^--!';
      const expected = '--a-#';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe(expected, undefined, 'boom');
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('a run callback that throws errors the output at the run start', () => {
    testScheduler.run(({ hot, expectObservable, expectSubscriptions }) => {
      const boom = new Error('boom');
      const e1 = hot('  --a--b--|');
      const e1subs = '  ^-!';
      const expected = '--#';

      const result = e1.pipe(
        coalesceTrailing((): Observable<string> => {
          throw boom;
        }),
      );
      expectObservable(result).toBe(expected, undefined, boom);
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
    });
  });

  it('a source error errors the output and tears down the run in flight', () => {
    testScheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const e1 = hot('  -a-b-#');
      const e1subs = '  ^----!';
      const y = cold('   -------x|');
      const ysubs = '   -^---!';

      expectObservable(e1.pipe(coalesceTrailing(joinedOver(y)))).toBe('-----#');
      expectSubscriptions(e1.subscriptions).toBe(e1subs);
      expectSubscriptions(y.subscriptions).toBe(ysubs);
    });
  });

  it('forwards every emission of every run, in order', () => {
    testScheduler.run(({ hot, cold, expectObservable }) => {
      const e1 = hot('  -a-b-c---------|');
      const y = cold('   -1-2|');
      const expected = '--p-q-r-s------|';
      const run = (batch: string[]): Observable<string> => y.pipe(map((n) => `${batch.join('')}${n}`));

      expectObservable(e1.pipe(coalesceTrailing(run))).toBe(expected, { p: 'a1', q: 'a2', r: 'bc1', s: 'bc2' });
    });
  });

  it('accepts any ObservableInput, such as an array or a promise', async () => {
    const fromArray = await lastValueFrom(
      of('a').pipe(
        coalesceTrailing((batch) => [batch.length, batch.length + 1]),
        toArray(),
      ),
    );
    expect(fromArray).toEqual([1, 2]);
    const fromPromise = await lastValueFrom(
      of('a').pipe(
        coalesceTrailing((batch) => Promise.resolve(batch.join(''))),
        toArray(),
      ),
    );
    expect(fromPromise).toEqual(['a']);
  });

  it('starts a run on the scheduler, not inside the source next()', () => {
    const scheduler = new VirtualTimeScheduler();
    const requests = new Subject<string>();
    const batches: string[][] = [];
    const seen: string[] = [];
    requests
      .pipe(coalesceTrailing((batch: string[]) => (batches.push(batch), of(batch.join(''))), scheduler))
      .subscribe((v) => seen.push(v));

    requests.next('a');
    requests.next('b');
    expect(batches).toEqual([]);
    scheduler.flush();
    expect(batches).toEqual([['a'], ['b']]);
    expect(seen).toEqual(['a', 'b']);
  });

  it('a run whose output feeds the source synchronously is coalesced, never overlapped', () => {
    const scheduler = new VirtualTimeScheduler();
    const requests = new Subject<number>();
    const batches: number[][] = [];
    let running = 0;
    let maxRunning = 0;
    requests
      .pipe(
        coalesceTrailing((batch: number[]) => {
          batches.push(batch);
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          const last = batch.at(-1) ?? 0;
          return of(last < 5 ? [last + 1, last + 2] : []).pipe(finalize(() => (running -= 1)));
        }, scheduler),
      )
      .subscribe((more) => {
        for (const n of more) requests.next(n);
      });

    requests.next(0);
    scheduler.flush();
    expect(batches).toEqual([[0], [1, 2], [3, 4], [5, 6]]);
    expect(maxRunning).toBe(1);
  });
});
