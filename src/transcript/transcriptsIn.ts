import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { isTranscriptName, lookAtWalked } from './walkedPath.js';

/**
 * The transcripts directly in one folder, by path in name order, leaving out what every walk skips
 * (a pipe, a link to nothing, a folder named like a transcript, one this user may not read:
 * decision 111), never opening any; none when the folder is not there (or a file is where it would
 * be). A folder that cannot be listed throws its file-system error, for the caller to say.
 */
export function transcriptsIn(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  return entries
    .filter((dirent) => isTranscriptName(dirent.name) && lookAtWalked(join(dir, dirent.name), dirent) === 'transcript')
    .map((dirent) => join(dir, dirent.name))
    .sort();
}
