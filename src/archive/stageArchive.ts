import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemlogError } from '../errors.js';
import { manifestPath } from './archiveLayout.js';
import { indexManifest } from './archiveIndex.js';
import { readManifest } from './manifest.js';
import { restoreArchive, type RestoreSelection } from './restoreArchive.js';

/** The prefix of a staging folder's name, so a leftover one is recognisable in the temp folder. */
export const STAGING_PREFIX = 'memlog-archived-';

/**
 * Restores a selection of the archive into a fresh temp folder laid out like Claude Code's
 * projects folder (`<project>/<files>`), piece by piece through the checksummed reader, so every
 * command reads archived sessions with the readers it uses on the originals (decision 82).
 * The caller removes the folder.
 */
export async function stageArchive(archiveDir: string, selection: RestoreSelection): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), STAGING_PREFIX));
  await restoreArchive({ archiveDir, selection, into: root });
  return root;
}

/** The archive key of a session's transcript (`<project>/<id>.jsonl`), or null when the archive has no such session. */
export async function archivedSessionKey(archiveDir: string, session: string): Promise<string | null> {
  const keys = indexManifest((await readManifest(manifestPath(archiveDir))).records).keys();
  for (const key of keys) {
    const [project, name, ...rest] = key.split('/');
    if (project !== undefined && name === `${session}.jsonl` && rest.length === 0) return key;
  }
  return null;
}

/** An option that writes beside the transcripts, given an archived source, whose staged copy is temporary. */
export class StagedCopyWriteError extends MemlogError {
  constructor(option: string) {
    super('invalid_argument', `${option} writes beside the transcripts; an archived source is a temporary copy (use --out)`, { option });
  }
}
