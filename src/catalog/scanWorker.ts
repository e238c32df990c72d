import { parentPort } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';
import { foldRange, type FileRange, type RangeFold } from './rangeFold.js';

/**
 * The files read from their start, shared by the threads of parallelFold.ts: each takes the next with `Atomics.add` on
 * `next` (decision 96).
 */
export interface FoldQueue {
  readonly paths: readonly string[];
  readonly next: Int32Array;
}

/** What a worker posts back: a file's row (the summary is in it as JSON), a part's fold, why a file failed, or that the queue is empty. */
export type WorkerReply =
  | { readonly index: number; readonly folded: Omit<FoldResult, 'summary'> }
  | { readonly index: number; readonly part: RangeFold | null }
  | { readonly index: number; readonly error: string }
  | { readonly drained: true };

type WorkerMessage = { readonly queue: FoldQueue } | { readonly index: number; readonly job: FoldJob; readonly range?: FileRange };

/** A worker thread of parallelFold.ts: folds files from the shared queue until it is empty, or the one file or part it is sent. */
parentPort?.on('message', (message: WorkerMessage) => {
  if ('queue' in message) {
    const { paths, next } = message.queue;
    for (let at = Atomics.add(next, 0, 1); at < paths.length; at = Atomics.add(next, 0, 1)) post(at, () => folded(paths[at] as string));
    parentPort?.postMessage({ drained: true } satisfies WorkerReply);
    return;
  }
  const { job, range } = message;
  post(message.index, () => (range === undefined ? folded(job.path) : { part: foldRange(job.path, range) }));
});

function folded(path: string): { folded: Omit<FoldResult, 'summary'> } {
  const { row, foldedOn, usage, forgotten } = foldFile({ path });
  return { folded: { row, foldedOn, usage, forgotten } };
}

function post(index: number, fold: () => { folded: Omit<FoldResult, 'summary'> } | { part: RangeFold | null }): void {
  let reply: WorkerReply;
  try {
    reply = { index, ...fold() };
  } catch (error) {
    reply = { index, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
}
