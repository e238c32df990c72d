import { parentPort } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFileCore.js';
import { withFullDecodingIfNeeded } from './fullDecoding.js';
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
type Folded = { folded: Omit<FoldResult, 'summary'> } | { part: RangeFold | null };

/**
 * A worker thread of parallelFold.ts: folds files from the shared queue until it is empty, or the one file or part it is
 * sent. The full decoding (zod's schemas) is loaded only when a line needs it (decision 96).
 */
parentPort?.on('message', (message: WorkerMessage) => void answer(message));

async function answer(message: WorkerMessage): Promise<void> {
  if ('queue' in message) {
    const { paths, next } = message.queue;
    for (let at = Atomics.add(next, 0, 1); at < paths.length; at = Atomics.add(next, 0, 1)) {
      const path = paths[at] as string;
      await post(at, () => folded(path));
    }
    parentPort?.postMessage({ drained: true } satisfies WorkerReply);
    return;
  }
  const { job, range } = message;
  await post(message.index, () => (range === undefined ? folded(job.path) : { part: foldRange(job.path, range) }));
}

function folded(path: string): Folded {
  const { row, foldedOn, usage, forgotten, responses, tornResponses } = foldFile({ path });
  return { folded: { row, foldedOn, usage, forgotten, responses, tornResponses } };
}

async function post(index: number, fold: () => Folded): Promise<void> {
  let reply: WorkerReply;
  try {
    reply = { index, ...(await withFullDecodingIfNeeded(fold)) };
  } catch (error) {
    reply = { index, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
}
