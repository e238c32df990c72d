import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';
import type { FileRange, RangeFold } from './rangeFold.js';
import type { SessionSummary } from './sessionSummary.js';
import type { WorkerReply } from './scanWorker.js';
import { foldInParts, SPLIT_FROM_BYTES } from './splitFold.js';

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

/**
 * Folds the files across the machine's cores (decisions 81 and 87): the calling thread takes files from the same queue
 * as one worker per other core, so a worker's start (loading its modules, warming up) costs nothing when a few files
 * are done before it is ready. One file alone, read from its start and of SPLIT_FROM_BYTES or more, is folded in parts,
 * one per core.
 */
export async function foldAll(
  jobs: readonly FoldJob[],
  threads = availableParallelism(),
  splitFromBytes = SPLIT_FROM_BYTES,
): Promise<Array<FoldResult | Error>> {
  const [only] = jobs;
  const parts = jobs.length === 1 && only !== undefined && only.stored === undefined && threads > 1 ? threads : 0;
  const partsModule = parts === 0 ? null : scanWorkerBeside(import.meta.url);
  if (only !== undefined && partsModule !== null) return [await foldOneInParts(only, parts, partsModule, splitFromBytes)];
  const helpers = Math.min(threads, jobs.filter((job) => job.usageOf === undefined).length) - 1;
  const module = helpers < 1 ? null : scanWorkerBeside(import.meta.url);
  const results = new Array<FoldResult | Error | undefined>(jobs.length);
  // A fold that goes on from a stored row looks its usage up in the catalog, which only this thread holds (decision 94):
  // this thread folds those first, while the workers start on the files read from their start.
  const grown = jobs.flatMap((job, index) => (job.usageOf === undefined ? [] : [index]));
  const fresh = jobs.flatMap((job, index) => (job.usageOf === undefined ? [index] : []));
  let next = 0;
  const take = (): number => (next < fresh.length ? (fresh[next++] ?? -1) : -1);
  const pool = module === null ? [] : Array.from({ length: helpers }, () => new Worker(module));
  const working = pool.map((worker) => foldInWorker(worker, jobs, take, results));
  try {
    for (const index of grown) results[index] = foldHere(jobs[index] as FoldJob);
    for (let index = take(); index >= 0; index = take()) {
      results[index] = foldHere(jobs[index] as FoldJob);
      // Between files, the workers' replies are taken and each is sent its next file.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(working);
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results.map((result, i) => result ?? foldHere(jobs[i] as FoldJob));
}

/** Sends the worker files from the queue, one at a time, until it is empty; a worker that fails leaves its file to the caller. */
function foldInWorker(
  worker: Worker,
  jobs: readonly FoldJob[],
  take: () => number,
  results: Array<FoldResult | Error | undefined>,
): Promise<void> {
  return new Promise((resolve) => {
    const send = (): void => {
      const index = take();
      if (index < 0) resolve();
      else worker.postMessage({ index, job: jobs[index] });
    };
    worker.on('message', (reply: WorkerReply) => {
      results[reply.index] = 'folded' in reply ? withSummary(reply.folded) : new Error('error' in reply ? reply.error : 'no fold');
      send();
    });
    worker.on('error', () => resolve());
    send();
  });
}

/** One file in parts, the first folded here and each other in a worker of its own; in one piece here when it cannot be. */
async function foldOneInParts(job: FoldJob, parts: number, module: URL, fromBytes: number): Promise<FoldResult | Error> {
  try {
    return (await foldInParts(job.path, parts, (range) => foldRangeInWorker(module, job.path, range), fromBytes)) ?? foldHere(job);
  } catch {
    return foldHere(job);
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

function foldHere(job: FoldJob): FoldResult | Error {
  try {
    return foldFile(job);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
