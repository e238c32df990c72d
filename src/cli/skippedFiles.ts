import { describeFailure } from '../fs/index.js';

/** A file a command went on without, and why ("permission denied", "too many symbolic links"). */
export interface SkippedFile {
  readonly path: string;
  readonly reason: string;
}

/**
 * Names on stderr each file the command could not read and went on without, then how many, and
 * makes the exit status 1: one unreadable transcript never stops the others, nor goes unsaid
 * (decision 107).
 */
export function saySkipped(skipped: readonly SkippedFile[]): void {
  if (skipped.length === 0) return;
  for (const { path, reason } of skipped) process.stderr.write(`memlog: skipped ${path}: ${reason}\n`);
  process.stderr.write(`memlog: ${skipped.length} transcript(s) skipped\n`);
  process.exitCode = 1;
}

/** A file's read that failed as a file can (gone, no permission, a loop), as a skipped file; anything else is rethrown. */
export function skippedOrThrow(path: string, error: unknown): SkippedFile {
  const line = describeFailure(error);
  if (line === undefined) throw error;
  return { path, reason: line.startsWith(`${path}: `) ? line.slice(path.length + 2) : line };
}
