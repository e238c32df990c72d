import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { rmSync } from '../fs/faultableFs.js';
import { piecesDir } from './archiveLayout.js';
import type { ManifestRecord } from './manifest.js';

/**
 * Removes what a killed or failed run left in pieces/ without a manifest line: temp files and
 * pieces stored but never recorded. Run under the lock, only after a run that did not finish.
 * Returns how many files went.
 */
export function sweepPieces(archiveDir: string, records: readonly ManifestRecord[]): number {
  const recorded = new Set(records.flatMap((record) => (record.piece === null ? [] : [record.piece.path])));
  let removed = 0;
  const root = piecesDir(archiveDir);
  let folders: string[];
  try {
    folders = readdirSync(root);
  } catch {
    return 0;
  }
  for (const folder of folders) {
    for (const name of readdirSync(join(root, folder))) {
      if (recorded.has(`pieces/${folder}/${name}`)) continue;
      rmSync(join(root, folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}
