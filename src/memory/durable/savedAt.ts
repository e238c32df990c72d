/**
 * When a memory was last saved, in ms: its frontmatter's `metadata.modified` when that is a time,
 * else its file's mtime. Claude Code 2.1.332 dates a memory by its mtime alone, and stamps
 * `modified` on every write, so for the files it writes the two agree; a memory memlog backfilled
 * from an old session carries the statement's time there while its file was written today
 * (decision 70, amended).
 */
export function savedAtMs(modified: string | undefined, mtimeMs: number): number {
  const stated = modified === undefined ? Number.NaN : Date.parse(modified);
  return Number.isNaN(stated) ? mtimeMs : stated;
}
