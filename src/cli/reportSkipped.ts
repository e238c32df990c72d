import { skippedTranscripts, type SkippedTranscript } from '../jobs/index.js';
import { shownPath } from './shownPath.js';
import { byPath } from './unreadableJson.js';

/**
 * Names on stderr each path under the root that `memlog extract` and `memlog report` leave out, and
 * why (decisions 68, 111); what could not be read (a link loop or to nothing, a pipe, no
 * permission) also makes the exit status 1, as inspect's does. Answers what could not be read, for
 * the summary to count apart from the sessions, and how many sessions there are to read.
 */
export function reportSkipped(root: string): { readonly unreadable: readonly SkippedTranscript[]; readonly sessions: number } {
  const { skipped, unreadable, sessions } = skippedTranscripts(root);
  for (const { path, reason } of [...skipped, ...unreadable].sort(byPath))
    process.stderr.write(`memlog: skipped ${shownPath(path)}: ${reason}\n`);
  if (unreadable.length > 0) process.exitCode = 1;
  return { unreadable, sessions };
}

/** The summary's count of what could not be read, apart from the sessions (decision 111); empty when there is none. */
export function unreadableLine(unreadable: readonly SkippedTranscript[]): string {
  const n = unreadable.length;
  return n === 0 ? '' : `${n} path${n === 1 ? '' : 's'} skipped, not read (each named on stderr with why)`;
}
