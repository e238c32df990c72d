import { parentPort } from 'node:worker_threads';
import { foldFile, type FoldJob } from './foldFile.js';

/** A worker thread of parallelFold.ts: folds the files it is sent, one at a time, and posts each result back. */
parentPort?.on('message', (message: { readonly index: number; readonly job: FoldJob }) => {
  try {
    parentPort?.postMessage({ index: message.index, result: foldFile(message.job) });
  } catch (error) {
    parentPort?.postMessage({ index: message.index, error: error instanceof Error ? error.message : String(error) });
  }
});
