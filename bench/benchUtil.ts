import { createReadStream } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Shared bits of the benches: the machine line, medians, and timing one call with gc() first. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

export function machineLine(): string {
  const load = loadavg()[0] ?? 0;
  const warning = load > cpus().length / 2 ? ' (busy: only the ratios mean anything)' : '';
  return `machine: ${cpus().length} cpus (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}${warning}`;
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

/**
 * The raw floor of every replay bench: a streamed read (utf8), a hand split on '\n' and
 * JSON.parse per line, nothing kept. Resolves to the number of lines parsed.
 */
export function streamFloor(file: string): Promise<number> {
  return new Promise((done, fail) => {
    let n = 0;
    let carry = '';
    createReadStream(file, { encoding: 'utf8' })
      .on('data', (chunk) => {
        const text = carry + (chunk as string);
        let from = 0;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
          if (nl > from) {
            JSON.parse(text.slice(from, nl));
            n++;
          }
          from = nl + 1;
        }
        carry = text.slice(from);
      })
      .on('end', () => done(n))
      .on('error', fail);
  });
}

/** One case of an interleaved bench: a name and a pass over the file that returns the entries it saw. */
export type FileCase = readonly [name: string, run: (file: string) => number | Promise<number>];

/**
 * Runs every case over the file `rounds` times after one warm-up round, interleaved and with a
 * rotating start so drift hits every case alike, gc() before each pass. A case that sees fewer
 * than `lines` entries did not do the same work and fails the bench. Returns the median ms of
 * each case, in the order given.
 */
export async function interleavedMedians(cases: readonly FileCase[], file: string, rounds: number, lines: number): Promise<number[]> {
  const samples = cases.map((): number[] => []);
  for (let r = -1; r < rounds; r++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (Math.max(r, 0) + k) % cases.length;
      const [name, run] = cases[i]!;
      globalThis.gc?.();
      const start = performance.now();
      const n = await run(file);
      const ms = performance.now() - start;
      if (n < lines) throw new Error(`${name} saw ${n} entries, expected ${lines}`);
      if (r >= 0) samples[i]!.push(ms);
    }
  }
  return samples.map(median);
}
