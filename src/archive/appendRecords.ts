import { closeSync, fsyncSync } from 'node:fs';
import { appendWholeLinesSync } from '../fs/appendLines.js';
import { faultPoint } from '../fs/faultSeam.js';
import { openRegularSync } from '../fs/regularFile.js';
import { manifestPath } from './archiveLayout.js';
import type { ManifestRecord } from './manifest.js';

/**
 * Appends records to the manifest in one write and fsyncs it. A line torn by a kill is ended
 * first, so it stays one unreadable line the reader skips, never glued to these; a full disk
 * takes the partial lines back (appendLines.ts).
 */
export function appendRecords(archiveDir: string, records: readonly ManifestRecord[]): void {
  const path = manifestPath(archiveDir);
  appendWholeLinesSync(path, records.map((record) => `${JSON.stringify(record)}\n`).join(''), { endTornTail: true });
  faultPoint('fsync', path);
  const fd = openRegularSync(path);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
