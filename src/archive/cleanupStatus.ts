import { statSync } from 'node:fs';
import { manifestPath } from './archiveLayout.js';
import { indexManifest, latestRecord } from './archiveIndex.js';
import { readManifest } from './manifest.js';
import { listSessionFiles } from './sourceFiles.js';

/** A session Claude Code deletes at its next start, and how much of it the archive holds. */
export interface DueSession {
  readonly key: string;
  readonly modified: string;
  /** `archived`: every byte; `behind`: an older state (the next run stores the rest); `missing`: nothing. */
  readonly archived: 'archived' | 'behind' | 'missing';
}

/**
 * `memlog archive status`: the session transcripts last written more than `days` days before
 * `now`, the ones Claude Code's cleanup deletes, with whether each is archived (from metadata:
 * sizes, nothing read).
 */
export async function sessionsDue(archiveDir: string, projectDirs: readonly string[], days: number, now: Date): Promise<DueSession[]> {
  const index = indexManifest((await readManifest(manifestPath(archiveDir))).records);
  const cutoff = now.getTime() - days * 86_400_000;
  const due: DueSession[] = [];
  for (const file of listSessionFiles(projectDirs)) {
    if (file.key.split('/').length !== 2) continue;
    const stats = statSync(file.path, { throwIfNoEntry: false });
    if (stats === undefined || stats.mtimeMs >= cutoff) continue;
    const last = latestRecord(index.get(file.key));
    const archived = last === undefined ? 'missing' : last.end === stats.size ? 'archived' : 'behind';
    due.push({ key: file.key, modified: stats.mtime.toISOString(), archived });
  }
  return due;
}
