import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  DEFAULT_BATCH_ROWS,
  deleteFile,
  emptyIndexReport,
  FileIndexer,
  renameFile,
  sessionFileOf,
  storedFile,
  type FileIdentity,
  type IndexReport,
  type ReadFrom,
  type SearchDb,
  type StoredFile,
} from '../search/index.js';
import { isTranscriptName, transcriptNamed } from '../transcript/transcriptFiles.js';
import { indexManifest } from './archiveIndex.js';
import { manifestPath } from './archiveLayout.js';
import { contentLength, readManifest, type ManifestRecord } from './manifest.js';
import { readVersion } from './readVersion.js';

/** A folder that holds memlog's archive manifest (decision 73). */
export const isArchiveDir = (path: string): boolean => existsSync(manifestPath(path));

/** A key names a transcript as a walk's path does: memlog's effect logs and journals archived beside one are none (decision 111). */
const isTranscriptKey = (key: string): boolean => isTranscriptName(key.slice(key.lastIndexOf('/') + 1));

/**
 * An archived version as the index remembers a file: the version number stands for the inode (a
 * new version is a rewrite) and its first piece's head hash tells the same version grown. Its size
 * is what its pieces hold (a redacted version's differs from its source's, decision 90).
 */
function versionIdentity(version: number, records: readonly ManifestRecord[]): FileIdentity | undefined {
  const first = records[0];
  if (first === undefined) return undefined;
  const size = records.reduce((sum, record) => sum + contentLength(record), 0);
  return { dev: 0, ino: version, size, mtimeMs: 0, headBytes: first.headLength, headHash: first.head };
}

const sameVersion = (stored: StoredFile, now: FileIdentity): boolean =>
  stored.dev === now.dev && stored.ino === now.ino && stored.head_hash === now.headHash;

/**
 * Brings the index up to date with the newest version of every transcript in an archive, read
 * through the checksummed reader (decision 82): an unchanged version is skipped by its manifest
 * alone, a grown one is read from where the index stopped (its pieces before that are not opened),
 * a new version is indexed whole. `isLive(key)` names archived files also searched on disk, which
 * the disk's copy speaks for: one an earlier search indexed from the archive is dropped.
 */
export async function indexArchive(db: SearchDb, archiveDir: string, isLive: (key: string) => boolean): Promise<IndexReport> {
  const report = emptyIndexReport(0);
  const files = indexManifest((await readManifest(manifestPath(archiveDir))).records);
  for (const [key, versions] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const records = versions[versions.length - 1];
    const identity = records === undefined ? undefined : versionIdentity(versions.length, records);
    if (records === undefined || identity === undefined) continue;
    // A key that is no transcript, or one the disk's copy speaks for, is not searched here: a row an earlier search
    // made for it (an index from before the key was told apart, decision 111) is dropped.
    if (!isTranscriptKey(key) || isLive(key)) {
      report.removed += dropIndexed(db, archiveDir, key);
      continue;
    }
    report.files++;
    await indexVersion(db, archiveDir, key, records, identity, report);
  }
  return report;
}

/** An archived file indexed by an earlier search, now found on disk: dropped, so it is not found twice. */
function dropIndexed(db: SearchDb, archiveDir: string, key: string): number {
  const stored = storedFile(db, sessionFileOf(join(resolve(archiveDir), ...key.split('/'))).path);
  if (stored === undefined) return 0;
  deleteFile(db, stored.id);
  return 1;
}

async function indexVersion(
  db: SearchDb,
  archiveDir: string,
  key: string,
  records: readonly ManifestRecord[],
  identity: FileIdentity,
  report: IndexReport,
): Promise<void> {
  // Named from the archive's root, as a search of the projects folder names it (decision 107).
  const file = transcriptNamed(resolve(archiveDir), join(resolve(archiveDir), ...key.split('/')));
  const stored = storedFile(db, file.path);
  if (stored !== undefined && sameVersion(stored, identity) && stored.size === identity.size) {
    report.unchanged++;
    if (stored.project !== file.project || stored.session !== file.session) renameFile(db, stored.id, file);
    return;
  }
  const grew = stored !== undefined && sameVersion(stored, identity) && identity.size > stored.size;
  if (grew) report.grown++;
  else report.read++;
  if (stored !== undefined && !grew) deleteFile(db, stored.id);
  const from: ReadFrom = grew
    ? { offset: stored.indexed_to, seq: stored.next_seq, skipped: stored.skipped_lines }
    : { offset: 0, seq: 0, skipped: 0 };
  const indexer = new FileIndexer(db, file, identity, from, DEFAULT_BATCH_ROWS, report);
  // Only the pieces that hold bytes past where the index stopped, the first one cut to start there.
  // Offsets here are of the version's content, which a redacted version's source offsets are not.
  let position = 0;
  const needed = records.filter((record) => {
    position += contentLength(record);
    return position > from.offset;
  });
  position = records.slice(0, records.length - needed.length).reduce((sum, record) => sum + contentLength(record), 0);
  for await (const chunk of readVersion(archiveDir, needed)) {
    const skip = Math.max(0, Math.min(chunk.length, from.offset - position));
    position += chunk.length;
    if (skip < chunk.length) indexer.push(chunk.subarray(skip));
  }
  indexer.finish();
}
