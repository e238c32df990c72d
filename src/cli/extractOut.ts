import { isFolder } from '../fs/index.js';

/** Where `memlog extract` writes unless told otherwise (its `--out`), relative to where it runs. */
export const EXTRACT_OUT = 'memlog-out';

/**
 * extract's default output folder when it is here, as named (relative): what report, context and mcp read
 * when no `--out` or memory folder is given (decision 108). Only a folder: a file of that name is someone else's.
 */
export function extractOutHere(): string | undefined {
  return isFolder(EXTRACT_OUT) ? EXTRACT_OUT : undefined;
}
