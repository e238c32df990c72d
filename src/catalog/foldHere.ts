import { foldFile, type FoldJob, type FoldResult } from './foldFile.js';

/** Folds one file on this thread; an error reading it is its result, not a throw. */
export function foldHere(job: FoldJob): FoldResult | Error {
  try {
    return foldFile(job);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
