import { parentPort } from 'node:worker_threads';
import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';
import { foldRange, type FileRange, type RangeFold } from './rangeFold.js';

/** What a worker posts back for a file: its row (the summary is in it as JSON), or why it could not be folded. */
export type WorkerReply =
  | { readonly index: number; readonly folded: Omit<FoldResult, 'summary'> }
  | { readonly index: number; readonly part: RangeFold | null }
  | { readonly index: number; readonly error: string };

/** A worker thread of parallelFold.ts: folds the files (or the parts of one) it is sent, one at a time, and posts each result back. */
parentPort?.on('message', (message: { readonly index: number; readonly job: FoldJob; readonly range?: FileRange }) => {
  let reply: WorkerReply;
  try {
    if (message.range !== undefined) reply = { index: message.index, part: foldRange(message.job.path, message.range) };
    else {
      const { row, foldedOn, usage, forgotten } = foldFile(message.job);
      reply = { index: message.index, folded: { row, foldedOn, usage, forgotten } };
    }
  } catch (error) {
    reply = { index: message.index, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
