import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Shared bits of the benches: the machine line, medians, and timing one call with gc() first. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

export function machineLine(): string {
  const load = loadavg()[0] ?? 0;
  const warning = load > cpus().length / 2 ? ' (busy: only the ratios mean anything)' : '';
  return `machine: ${cpus().length} cpus (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}${warning}`;
}

export function timed<T>(run: () => T): { readonly ms: number; readonly value: T } {
  globalThis.gc?.();
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

export async function timedAsync<T>(run: () => Promise<T>): Promise<{ readonly ms: number; readonly value: T }> {
  globalThis.gc?.();
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}
