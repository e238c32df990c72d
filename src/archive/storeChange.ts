import { createHash } from 'node:crypto';
import { appendRecord } from './appendRecord.js';
import { changeOf } from './fileChange.js';
import { CURRENT_ARCHIVE_VERSION, type ManifestRecord, type SourceIdentity } from './manifest.js';
import type { SourceFile } from './sourceFiles.js';
import { storePiece } from './storePiece.js';
import { windowsMatch } from './windows.js';

export interface Stored {
  readonly outcome: 'touched' | 'added' | 'grown' | 'rewritten';
  readonly bytesRead: number;
  readonly bytesStored: number;
}

const EMPTY_SHA = createHash('sha256').digest('hex');

/**
 * Stores what changed in a file since its last record: its new bytes when it grew, a new whole
 * version when it was rewritten or cut (the old versions stay), or only its new identity when
 * its bytes are the same. The manifest line is appended after the piece is in place.
 */
export async function storeChange(
  archiveDir: string,
  file: SourceFile,
  last: ManifestRecord | undefined,
  seen: SourceIdentity,
  now: Date,
): Promise<Stored> {
  if (last === undefined) return storeVersion(archiveDir, file, 1, seen, now, 'added');
  const change = changeOf(last, seen.size, seen.size >= last.end && (await windowsMatch(file.path, last)));
  if (change === 'rewritten') return storeVersion(archiveDir, file, last.version + 1, seen, now, 'rewritten');
  if (change === 'touched') {
    appendRecord(archiveDir, { ...last, start: last.end, piece: null, source: seen, at: now.toISOString() });
    return { outcome: 'touched', bytesRead: 0, bytesStored: 0 };
  }
  const stored = await storePiece(archiveDir, file.path, file.key, last.version, last.end, seen.size);
  appendRecord(archiveDir, {
    ...last,
    start: last.end,
    end: seen.size,
    piece: stored.piece,
    tailStart: stored.tail.start,
    tail: stored.tail.sha256,
    source: seen,
    at: now.toISOString(),
  });
  return { outcome: 'grown', bytesRead: seen.size - last.end, bytesStored: stored.piece.stored };
}

async function storeVersion(
  archiveDir: string,
  file: SourceFile,
  version: number,
  seen: SourceIdentity,
  now: Date,
  outcome: 'added' | 'rewritten',
): Promise<Stored> {
  const base = {
    v: CURRENT_ARCHIVE_VERSION,
    key: file.key,
    version,
    start: 0,
    codec: 'gzip',
    source: seen,
    at: now.toISOString(),
  } as const;
  if (seen.size === 0) {
    appendRecord(archiveDir, { ...base, end: 0, piece: null, headLength: 0, head: EMPTY_SHA, tailStart: 0, tail: EMPTY_SHA });
    return { outcome, bytesRead: 0, bytesStored: 0 };
  }
  const stored = await storePiece(archiveDir, file.path, file.key, version, 0, seen.size);
  appendRecord(archiveDir, {
    ...base,
    end: seen.size,
    piece: stored.piece,
    headLength: stored.head.length,
    head: stored.head.sha256,
    tailStart: stored.tail.start,
    tail: stored.tail.sha256,
  });
  return { outcome, bytesRead: seen.size, bytesStored: stored.piece.stored };
}
