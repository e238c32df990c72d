/**
 * A limit on calls in flight: `limit(run)` starts `run` at once while fewer than `max` are
 * running, else when one ends. Queued calls start in the order they were made.
 */
export function limitConcurrency(max: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await run();
    } finally {
      release();
    }
  };
}
