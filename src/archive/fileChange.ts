import type { ManifestRecord, SourceIdentity } from './manifest.js';

/**
 * What a run does with a file, from metadata alone: `unchanged` (skip, nothing read), `new` (store
 * it whole as version 1) or `check` (read the stored prefix's head and tail windows to tell growth
 * from a rewrite).
 */
export type FirstLook = 'unchanged' | 'new' | 'check';

export function firstLook(last: ManifestRecord | undefined, seen: SourceIdentity): FirstLook {
  if (last === undefined) return 'new';
  const same =
    last.source.mtimeNs !== null &&
    last.source.mtimeNs === seen.mtimeNs &&
    last.source.dev === seen.dev &&
    last.source.ino === seen.ino &&
    last.source.size === seen.size &&
    last.end === seen.size;
  return same ? 'unchanged' : 'check';
}

/**
 * After the windows are read: the same bytes as stored (`touched`), the stored bytes and more
 * (`grown`), or anything else, a rewrite, a truncation, a new file at the same path (`rewritten`).
 */
export type Change = 'touched' | 'grown' | 'rewritten';

export function changeOf(last: ManifestRecord, size: number, windowsMatch: boolean): Change {
  if (size < last.end || !windowsMatch) return 'rewritten';
  return size === last.end ? 'touched' : 'grown';
}

/**
 * A file changed within this long of being looked at may change again within the same clock
 * tick (file times are coarse): its identity is kept without its time, so the next run checks
 * its windows rather than trusting the metadata.
 */
export const RACY_WINDOW_NS = 2_000_000_000n;
