import { statSync } from 'node:fs';
import { sep } from 'node:path';
import { writeBatch } from './fileIndexer.js';
import { parseRange, type ParseJob } from './parseRange.js';
import { ParseWorkerClient } from './parseWorkerClient.js';
import type { RowBatch } from './rowBatcher.js';
import { closeSync, headHash, identityOf, openIfThere, type FileIdentity } from './fileIdentity.js';
import type { SearchDb } from './searchDb.js';
import type { SessionFile } from './sessionFiles.js';
import { deleteFile, renameFile, storedFile, type StoredFile } from './indexTables.js';

export interface IndexOptions {
  /** Folders or files searched: an indexed file under one of them that is gone is dropped from the index. */
  readonly roots?: readonly string[];
  /** Rows written per transaction: what the indexer holds in memory at most (plus one read chunk). */
  readonly batchRows?: number;
  readonly chunkBytes?: number;
  /** Parse large files in a worker thread while this one writes (default true; only where the worker module is built). */
  readonly parseWorker?: boolean;
}

/** What one pass did. `unchanged` files were judged by stat alone, nothing read. */
export interface IndexReport {
  files: number;
  unchanged: number;
  grown: number;
  read: number;
  removed: number;
  entries: number;
  skippedLines: number;
  bytesRead: number;
  /**
   * Sessions the pass could not read (no permission when opened), with why: named, never silently left out (decision 107).
   * What the walk could not take is no session and is listed apart (`IndexPass.unreadable`, decision 115).
   */
  skipped: SkippedSession[];
}

/** A session file a pass could not read, and why ("permission denied"). */
export interface SkippedSession extends SessionFile {
  readonly reason: string;
}

export const DEFAULT_BATCH_ROWS = 2000;
const DEFAULT_CHUNK_BYTES = 1024 * 1024;
/** Bytes of a file to read from which a parse worker pays for its start (decision 89). */
const WORKER_FROM_BYTES = 4 * 1024 * 1024;

/** A pass's parse worker, started by the first file large enough, stopped at the end of the pass. */
interface Parser {
  readonly wanted: boolean;
  client?: ParseWorkerClient | undefined;
  tried: boolean;
}

const sameStat = (stored: StoredFile, dev: number, ino: number, size: number, mtimeMs: number): boolean =>
  stored.dev === dev && stored.ino === ino && stored.size === size && stored.mtime_ms === mtimeMs;

/** A file that only grew: the same file, longer, with the same first bytes. Anything else is read again whole. */
function onlyGrew(stored: StoredFile, fd: number, now: FileIdentity): boolean {
  return stored.dev === now.dev && stored.ino === now.ino && now.size > stored.size && headHash(fd, stored.head_bytes) === stored.head_hash;
}

/** A pass's report before it has read anything: `files` transcripts to look at. */
export function emptyIndexReport(files: number): IndexReport {
  return { files, unchanged: 0, grown: 0, read: 0, removed: 0, entries: 0, skippedLines: 0, bytesRead: 0, skipped: [] };
}

/**
 * Brings the index up to date with these transcripts: unchanged files are skipped by stat alone,
 * grown ones are read from where the index stopped, rewritten or truncated ones are dropped and
 * read again (decision 72). Memory stays bounded: rows are written in transactions of
 * `batchRows`, each also recording how far the file is indexed, so a pass cut short resumes.
 */
export function indexSessions(db: SearchDb, files: readonly SessionFile[], options: IndexOptions = {}): IndexReport {
  const report = emptyIndexReport(files.length);
  const parser: Parser = { wanted: options.parseWorker !== false, tried: false };
  try {
    for (const file of files) indexOne(db, file, options, report, parser);
  } finally {
    parser.client?.close();
  }
  if (options.roots !== undefined) report.removed = dropVanished(db, options.roots, new Set(files.map((f) => f.path)));
  return report;
}

function indexOne(db: SearchDb, file: SessionFile, options: IndexOptions, report: IndexReport, parser: Parser): void {
  const stored = storedFile(db, file.path);
  let stats;
  try {
    stats = statSync(file.path);
  } catch {
    return; // Gone since the walk: dropped with the vanished ones.
  }
  if (stored !== undefined && sameStat(stored, stats.dev, stats.ino, stats.size, stats.mtimeMs)) {
    report.unchanged++;
    if (stored.project !== file.project || stored.session !== file.session) renameFile(db, stored.id, file);
    return;
  }
  const fd = openIfThere(file.path);
  if (fd === undefined) return;
  if (typeof fd !== 'number') {
    report.skipped.push({ ...file, reason: fd.unreadable });
    return;
  }
  try {
    const now = identityOf(fd);
    const grew = stored !== undefined && onlyGrew(stored, fd, now);
    if (grew) report.grown++;
    else report.read++;
    if (stored !== undefined && !grew) deleteFile(db, stored.id);
    const from = grew
      ? { offset: stored.indexed_to, seq: stored.next_seq, skipped: stored.skipped_lines }
      : { offset: 0, seq: 0, skipped: 0 };
    readInto(
      db,
      {
        fd,
        from,
        size: now.size,
        batchRows: options.batchRows ?? DEFAULT_BATCH_ROWS,
        chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
      },
      file,
      now,
      report,
      parser,
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a file from `from` to its size at open and writes its rows batch by batch: parsed in the
 * pass's worker when the file is large enough and a worker is there, else in this thread.
 */
function readInto(db: SearchDb, job: ParseJob, file: SessionFile, now: FileIdentity, report: IndexReport, parser: Parser): void {
  const write = (batch: RowBatch, last: boolean): void => {
    writeBatch(db, file, now, batch, report);
    if (last) report.skippedLines += batch.skipped - job.from.skipped;
  };
  const client = job.size - job.from.offset >= WORKER_FROM_BYTES ? workerOf(parser) : undefined;
  if (client === undefined) parseRange(job, write);
  else client.parse(job, write);
}

function workerOf(parser: Parser): ParseWorkerClient | undefined {
  if (parser.wanted && !parser.tried) {
    parser.tried = true;
    parser.client = ParseWorkerClient.start();
  }
  return parser.client;
}

/** Drops the indexed files under the roots that the walk no longer found. */
function dropVanished(db: SearchDb, roots: readonly string[], found: ReadonlySet<string>): number {
  const paths = db.prepare('SELECT id, path FROM files').all() as { id: number; path: string }[];
  const under = (path: string): boolean => roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep));
  let removed = 0;
  for (const { id, path } of paths) {
    if (found.has(path) || !under(path)) continue;
    deleteFile(db, id);
    removed++;
  }
  return removed;
}
