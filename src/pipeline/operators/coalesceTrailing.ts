import { Observable, Subscription, asyncScheduler, from } from 'rxjs';
import type { ObservableInput, OperatorFunction, SchedulerLike } from 'rxjs';

/**
 * Runs `run` on at most one batch of source values at a time: a value arriving while idle
 * starts a run of `[value]`, and values arriving while a run is in flight are merged, in
 * arrival order, into one trailing run that starts when it ends.
 *
 * `run` is told whether the batch is a trailing one. Every run starts on `scheduler` (delay 0), with its batch fixed at the moment it was
 * decided; the operator counts as busy from that moment. A run's error, or a throw from
 * `run` itself, errors the output and drops the pending batch (wrap `run`'s result in
 * `catchError` to survive failures). The output completes only once the source has
 * completed and no run is in flight or pending.
 *
 * @example
 * extractionDue$.pipe(coalesceTrailing((requests) => extractMemories(requests)));
 */
export function coalesceTrailing<T, R>(
  run: (batch: T[], info: { readonly trailing: boolean }) => ObservableInput<R>,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, R> {
  return (source) =>
    new Observable<R>((subscriber) => {
      // The current run, from the moment it is decided until its results complete: it holds the
      // scheduled start and then the subscription to the results.
      let inFlight: Subscription | null = null;
      let pending: T[] = [];
      let sourceDone = false;

      const finish = (): void => {
        inFlight = null;
        if (pending.length > 0) {
          const batch = pending;
          pending = [];
          start(batch, true);
        } else if (sourceDone) {
          subscriber.complete();
        }
      };

      const execute = (batch: T[], trailing: boolean, current: Subscription): void => {
        let results: Observable<R>;
        try {
          results = from(run(batch, { trailing }));
        } catch (error) {
          subscriber.error(error);
          return;
        }
        current.add(
          results.subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => subscriber.error(error),
            complete: finish,
          }),
        );
      };

      // Starting on the scheduler, never inside the source's next(), keeps a run that reacts
      // synchronously (emits, or feeds the source again) from re-entering this closure mid-update.
      const start = (batch: T[], trailing: boolean): void => {
        const current = new Subscription();
        inFlight = current;
        current.add(scheduler.schedule(() => execute(batch, trailing, current)));
      };

      const sourceSubscription = source.subscribe({
        next: (value) => {
          if (inFlight === null) start([value], false);
          else pending.push(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          sourceDone = true;
          if (inFlight === null) subscriber.complete();
        },
      });

      return () => {
        sourceSubscription.unsubscribe();
        inFlight?.unsubscribe();
        inFlight = null;
        pending = [];
      };
    });
}
