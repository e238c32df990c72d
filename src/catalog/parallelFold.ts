import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';

/** The worker's module beside this one; absent when memlog runs from its sources or from one bundle, and then files are folded here. */
const WORKER = new URL('./scanWorker.js', import.meta.url);

type Reply = { readonly index: number; readonly result: FoldResult } | { readonly index: number; readonly error: string };

/** Folds the files, across the machine's cores when there is more than one file and a worker to run (decision 81). */
export async function foldAll(jobs: readonly FoldJob[], threads = availableParallelism()): Promise<Array<FoldResult | Error>> {
  const workers = Math.min(threads, jobs.length);
  if (workers < 2 || WORKER.protocol !== 'file:' || !existsSync(fileURLToPath(WORKER))) return jobs.map(foldHere);
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
  const pool = Array.from({ length: workers }, () => new Worker(WORKER));
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
