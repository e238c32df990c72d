import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FoldJob, FoldResult } from './foldFileCore.js';
import type { FileRange, RangeFold } from './rangeFold.js';
import type { SessionSummary } from './sessionSummary.js';
import { SPLIT_FROM_BYTES } from './splitFromBytes.js';
import type { FoldQueue, WorkerReply } from './scanWorker.js';

/**
 * The worker's module beside the module at `base`: scanWorker.js beside the built package's parallelFold.js, or
 * scanWorker.mjs beside a bundle (the CLI bundle the tests start emits it as an entry of its own). Null when there is
 * none (memlog run from its sources): files are then folded on the calling thread alone (decision 87).
 */
export function scanWorkerBeside(base: string | URL): URL | null {
  for (const name of ['./scanWorker.js', './scanWorker.mjs']) {
    const url = new URL(name, base);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

/** How foldAll spreads its files: over how many threads, with which worker module (null: this thread alone). */
export interface FoldAllOptions {
  readonly threads?: number;
  readonly worker?: URL | null;
  readonly splitFromBytes?: number;
  /**
   * Called with each file's result as soon as it is known, before the next file of this thread is folded: the catalog
   * writes the row while the workers fold (decision 98). Each index once.
   */
  readonly onResult?: (index: number, result: FoldResult | Error) => void;
}

/**
 * Folds the files across the machine's cores (decisions 81, 87 and 96): the calling thread and one worker per other
 * core take files from one queue, a counter in shared memory, so a worker goes on to its next file without waiting for
 * this thread (busy folding its own) to hand it one, and a worker's start costs nothing when a few files are done
 * before it is ready. One file alone, read from its start and of SPLIT_FROM_BYTES or more, is folded in
 * parts, one per core.
 */
export async function foldAll(jobs: readonly FoldJob[], options: FoldAllOptions = {}): Promise<Array<FoldResult | Error>> {
  const { threads = availableParallelism(), splitFromBytes, onResult = () => undefined } = options;
  const module = (): URL | null => (options.worker === undefined ? scanWorkerBeside(import.meta.url) : options.worker);
  const [only] = jobs;
  const alone = jobs.length === 1 && only !== undefined && only.stored === undefined && threads > 1;
  const parts = alone && longEnoughToSplit(only.path, splitFromBytes) ? threads : 0;
  const partsModule = parts === 0 ? null : module();
  if (only !== undefined && partsModule !== null) {
    const result = await foldOneInParts(only, parts, partsModule, splitFromBytes);
    onResult(0, result);
    return [result];
  }
  // A fold that goes on from a stored row looks its usage up in the catalog, which only this thread holds (decision 94):
  // this thread folds those first, while the workers start on the files read from their start.
  const grown = jobs.flatMap((job, index) => (job.usageOf === undefined ? [] : [index]));
  const fresh = jobs.flatMap((job, index) => (job.usageOf === undefined ? [index] : []));
  const helpers = Math.min(threads, fresh.length) - 1;
  const workerModule = helpers < 1 ? null : module();
  const { results, failures, settle } = settling(jobs.length, onResult);
  const queue: FoldQueue = { paths: fresh.map((index) => (jobs[index] as FoldJob).path), next: new Int32Array(new SharedArrayBuffer(4)) };
  const pool = workerModule === null ? [] : Array.from({ length: helpers }, () => new Worker(workerModule));
  const working = pool.map((worker) => foldInWorker(worker, queue, (at, result) => settle(fresh[at] as number, result)));
  // The fold's modules (the parser, the schemas) load here once the workers are started, not before (decision 96).
  const loading = import('./foldHere.js');
  try {
    const { foldHere } = await loading;
    const foldHereAt = async (index: number): Promise<void> => {
      settle(index, await foldHere(jobs[index] as FoldJob));
      // Lets the workers' replies that came meanwhile be taken (and written) between this thread's files (decision 98).
      if (pool.length > 0) await new Promise((resolve) => setImmediate(resolve));
    };
    for (const index of grown) await foldHereAt(index);
    for (let at = Atomics.add(queue.next, 0, 1); at < fresh.length; at = Atomics.add(queue.next, 0, 1))
      await foldHereAt(fresh[at] as number);
    await Promise.all(working);
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  // A file a worker took and did not answer for (it failed) is folded here.
  const { foldHere } = await loading;
  for (const [index, result] of results.entries()) if (result === undefined) settle(index, await foldHere(jobs[index] as FoldJob));
  if (failures.length > 0) throw failures[0];
  return results.map((result) => result ?? new Error('not folded'));
}

/**
 * Whether a file may be folded in parts: a smaller one is folded here without loading the parts' modules, which bring the
 * full decoding with them (decision 103). splitFold.ts checks again as it folds; a file that cannot be read is left to
 * the fold, which says why.
 */
function longEnoughToSplit(path: string, fromBytes = SPLIT_FROM_BYTES): boolean {
  try {
    return statSync(path).size >= fromBytes;
  } catch {
    return false;
  }
}

/**
 * The results as they come, each handed to `onResult`. A throw of its, inside a worker's message handler, would end the
 * process: kept in `failures`, for foldAll to throw once the threads stop.
 */
function settling(count: number, onResult: (index: number, result: FoldResult | Error) => void) {
  const results = new Array<FoldResult | Error | undefined>(count);
  const failures: unknown[] = [];
  const settle = (index: number, result: FoldResult | Error): void => {
    results[index] = result;
    try {
      onResult(index, result);
    } catch (error) {
      failures.push(error);
    }
  };
  return { results, failures, settle };
}

/** Hands the worker the queue and takes its replies until it says it is done (or fails). */
function foldInWorker(worker: Worker, queue: FoldQueue, done: (at: number, result: FoldResult | Error) => void): Promise<void> {
  return new Promise((resolve) => {
    worker.on('message', (reply: WorkerReply) => {
      if ('drained' in reply) resolve();
      else done(reply.index, 'folded' in reply ? withSummary(reply.folded) : new Error('error' in reply ? reply.error : 'no fold'));
    });
    worker.on('error', () => resolve());
    worker.on('exit', () => resolve());
    worker.postMessage({ queue });
  });
}

/** One file in parts, the first folded here and each other in a worker of its own; in one piece here when it cannot be. */
async function foldOneInParts(job: FoldJob, parts: number, module: URL, fromBytes: number | undefined): Promise<FoldResult | Error> {
  const [{ foldInParts }, { foldHere }] = await Promise.all([import('./splitFold.js'), import('./foldHere.js')]);
  try {
    return (await foldInParts(job.path, parts, (range) => foldRangeInWorker(module, job.path, range), fromBytes)) ?? (await foldHere(job));
  } catch {
    return await foldHere(job);
  }
}

function foldRangeInWorker(module: URL, path: string, range: FileRange): Promise<RangeFold | null> {
  const worker = new Worker(module);
  return new Promise<RangeFold | null>((resolve) => {
    worker.once('message', (reply: WorkerReply) => resolve('part' in reply ? reply.part : null));
    worker.once('error', () => resolve(null));
    worker.postMessage({ index: 0, job: { path }, range });
  }).finally(() => void worker.terminate());
}

/** A worker posts the row alone (the summary is in it as JSON): one copy across threads, not two. */
function withSummary(folded: Omit<FoldResult, 'summary'>): FoldResult {
  return { ...folded, summary: JSON.parse(folded.row.summary) as SessionSummary };
}
