import { foldFile, type FoldJob, type FoldResult } from './foldFileCore.js';
import { withFullDecodingIfNeeded } from './fullDecoding.js';

/** Folds one file on this thread, loading the full decoding only if a line needs it; an error reading it is its result, not a throw. */
export async function foldHere(job: FoldJob): Promise<FoldResult | Error> {
  try {
    return await withFullDecodingIfNeeded(() => foldFile(job));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
