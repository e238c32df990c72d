import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isAtomicTempName } from './atomicWrite.js';
import { rm } from './faultableFs.js';

/** Removes temp files an atomic write left behind when its process was killed (only for a caller holding the directory's lock). */
export async function removeStrayTempFiles(dir: string): Promise<void> {
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && isAtomicTempName(entry.name)) await rm(join(entry.parentPath, entry.name), { force: true });
  } catch {
    // No directory yet: nothing to clean.
  }
}
