import { statSync } from 'node:fs';
import { notATranscriptFile } from '../fs/index.js';

/**
 * Checks a transcript given on the command line before anything reads it: a folder or a named
 * pipe (whose reading would block for ever) is refused with a message; a path that cannot be
 * looked at throws its file-system error, which main prints as one line.
 */
export function checkTranscriptArgument(path: string, options: { mayBeMissing?: boolean } = {}): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if (options.mayBeMissing === true && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!stats.isFile()) throw notATranscriptFile(path, stats);
}
