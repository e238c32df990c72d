import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';

type Reply = { readonly index: number; readonly result: FoldResult } | { readonly index: number; readonly error: string };

/**
 * The worker's module beside the module at `base`: scanWorker.js beside the built package's parallelFold.js, or
 * scanWorker.mjs beside a bundle (the CLI bundle the tests start emits it as an entry of its own). Null when there is
 * none (memlog run from its sources): files are then folded on the calling thread (decision 87).
 */
export function scanWorkerBeside(base: string | URL): URL | null {
  for (const name of ['./scanWorker.js', './scanWorker.mjs']) {
    const url = new URL(name, base);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

/** Folds the files, across the machine's cores when there is more than one file and a worker to run (decisions 81 and 87). */
export async function foldAll(jobs: readonly FoldJob[], threads = availableParallelism()): Promise<Array<FoldResult | Error>> {
  const workers = Math.min(threads, jobs.length);
  const module = workers < 2 ? null : scanWorkerBeside(import.meta.url);
  if (module === null) return jobs.map(foldHere);
  const results = new Array<FoldResult | Error | undefined>(jobs.length);
  let next = 0;
  const run = (worker: Worker): Promise<void> =>
    new Promise((resolve, reject) => {
      const send = (): void => {
        if (next >= jobs.length) {
          resolve();
          return;
        }
        const index = next++;
        worker.postMessage({ index, job: jobs[index] });
      };
      worker.on('message', (reply: Reply) => {
        results[reply.index] = 'error' in reply ? new Error(reply.error) : reply.result;
        send();
      });
      worker.on('error', reject);
      send();
    });
  const pool = Array.from({ length: workers }, () => new Worker(module));
  try {
    await Promise.all(pool.map(run));
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results.map((result, i) => result ?? foldHere(jobs[i] as FoldJob));
}

function foldHere(job: FoldJob): FoldResult | Error {
  try {
    return foldFile(job);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
