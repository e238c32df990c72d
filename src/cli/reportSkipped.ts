import { isAbsolute, relative } from 'node:path';
import { skippedTranscripts } from '../jobs/index.js';

/** A path as the run's other lines show it: relative to where memlog was started, when it is below. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : `./${rel}`;
}

/** Names on stderr each transcript under the root that `memlog extract` does not read, and why (decision 68). */
export function reportSkipped(root: string): void {
  for (const { path, reason } of skippedTranscripts(root)) process.stderr.write(`memlog: skipped ${shown(path)}: ${reason}\n`);
}
