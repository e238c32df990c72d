/** An ISO date, with a time when given: what Claude Code and memlog stamp in `modified:`. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * When a memory was last saved, in ms: its frontmatter's `metadata.modified` when that is a time,
 * else its file's mtime. Claude Code 2.1.332 dates a memory by its mtime alone, and stamps
 * `modified` on every write, so for the files it writes the two agree; a memory memlog backfilled
 * from an old session carries the statement's time there while its file was written today
 * (decision 70, amended). Only an ISO date is read ("12/06" or "06.12.2026" say no one date), and
 * never one after the file was written: a memory is saved no later than its file (a `2062-01-01`
 * would sort first forever and read "saved today").
 */
export function savedAtMs(modified: string | undefined, mtimeMs: number): number {
  const said = modified?.trim() ?? '';
  const stated = ISO_DATE.test(said) ? Date.parse(said) : Number.NaN;
  return Number.isNaN(stated) ? mtimeMs : Math.min(stated, mtimeMs);
}
