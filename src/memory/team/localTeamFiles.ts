import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { scanForSecrets } from '../../secrets/scanForSecrets.js';
import type { LocalTeamFile, SkippedFile } from './pushPlan.js';
import { MAX_ENTRY_BYTES } from './teamProtocol.js';
import { unsafeKeyReason } from './teamPaths.js';
import { readRegularFile } from '../../fs/regularFile.js';

/** Temp files of atomicWrite (`.<name>.<hex>.tmp`): a write in progress, not memory. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

// ignoreBOM keeps a BOM as part of the text: the bytes on disk are what gets hashed and sent.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Every regular file under the team folder (long-term spec §5.7 step 2), read once and scanned
 * for secrets. Symbolic links are never followed and never uploaded: a link could lead anywhere
 * on the machine. Oversized files are judged by their size on disk, without being read.
 */
export async function readLocalTeamFiles(teamDir: string): Promise<{ files: LocalTeamFile[]; skipped: SkippedFile[] }> {
  const files: LocalTeamFile[] = [];
  const skipped: SkippedFile[] = [];
  const visit = async (dir: string, prefix: string): Promise<void> => {
    let dirents;
    try {
      dirents = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return;
      throw error;
    }
    for (const dirent of dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const key = prefix + dirent.name;
      const path = join(dir, dirent.name);
      if (dirent.isSymbolicLink()) skipped.push({ key, reason: 'symlink' });
      else if (dirent.isDirectory()) await visit(path, `${key}/`);
      else if (!dirent.isFile() || TEMP_FILE.test(dirent.name)) continue;
      else if (unsafeKeyReason(key) !== null) skipped.push({ key, reason: 'invalid_name' });
      else {
        const { size } = await lstat(path);
        if (size > MAX_ENTRY_BYTES) {
          skipped.push({ key, reason: 'too_large', bytes: size });
          continue;
        }
        const bytes = await readRegularFile(path).catch(() => null);
        if (bytes === null) continue; // gone since the listing: nothing to send
        let content: string;
        try {
          content = utf8.decode(bytes);
        } catch {
          skipped.push({ key, reason: 'not_utf8' });
          continue;
        }
        // The name travels too: a credential in it is as much a leak as one in the content.
        const inName = (await scanForSecrets(key, key)).map((finding) => ({ ...finding, line: 0 })); // line 0: the name
        files.push({ key, content, findings: [...inName, ...(await scanForSecrets(content, key))] });
      }
    }
  };
  await visit(teamDir, '');
  return { files, skipped };
}
