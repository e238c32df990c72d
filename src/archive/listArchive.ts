import { manifestPath } from './archiveLayout.js';
import { indexManifest } from './archiveIndex.js';
import { keySession } from './keySession.js';
import { readManifest } from './manifest.js';

/** One archived session: its transcript and the files beside it. */
export interface ArchivedSession {
  readonly project: string;
  readonly session: string;
  readonly files: number;
  /** The most versions any of its files has (a rewrite or a cut adds one). */
  readonly versions: number;
  /** Bytes of the newest version of each file. */
  readonly bytes: number;
  /** Compressed bytes of every piece of every version. */
  readonly stored: number;
  readonly firstArchived: string;
  readonly lastArchived: string;
}

/** `memlog archive list`: what the archive holds, per session, sorted by project then session. */
export async function listArchive(archiveDir: string): Promise<ArchivedSession[]> {
  const sessions = new Map<string, ArchivedSession>();
  const files = indexManifest((await readManifest(manifestPath(archiveDir))).records);
  const keys = new Set(files.keys());
  for (const [key, versions] of files) {
    const { project, session } = keySession(key, keys);
    const records = versions.flat();
    const newest = versions[versions.length - 1] ?? [];
    const dates = records.map((record) => record.at).sort();
    const seen = sessions.get(`${project}/${session}`);
    sessions.set(`${project}/${session}`, {
      project,
      session,
      files: (seen?.files ?? 0) + 1,
      versions: Math.max(seen?.versions ?? 0, versions.length),
      bytes: (seen?.bytes ?? 0) + (newest[newest.length - 1]?.end ?? 0),
      stored: (seen?.stored ?? 0) + records.reduce((sum, record) => sum + (record.piece?.stored ?? 0), 0),
      firstArchived: [seen?.firstArchived, dates[0]].filter((d) => d !== undefined).sort()[0] ?? '',
      lastArchived:
        [seen?.lastArchived, dates[dates.length - 1]]
          .filter((d) => d !== undefined)
          .sort()
          .pop() ?? '',
    });
  }
  return [...sessions.values()].sort((a, b) => (a.project + '/' + a.session < b.project + '/' + b.session ? -1 : 1));
}
