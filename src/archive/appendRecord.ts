import { closeSync, fsyncSync } from 'node:fs';
import { appendWholeLinesSync } from '../fs/appendLines.js';
import { faultPoint } from '../fs/faultSeam.js';
import { openRegularSync } from '../fs/regularFile.js';
import { manifestPath } from './archiveLayout.js';
import type { ManifestRecord } from './manifest.js';

/**
 * Appends one record to the manifest and fsyncs it. A line torn by a kill is ended first, so it
 * stays one unreadable line the reader skips, never glued to this one; a full disk takes the
 * partial line back (appendLines.ts).
 */
export function appendRecord(archiveDir: string, record: ManifestRecord): void {
  const path = manifestPath(archiveDir);
  appendWholeLinesSync(path, `${JSON.stringify(record)}\n`, { endTornTail: true });
  faultPoint('fsync', path);
  const fd = openRegularSync(path);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
