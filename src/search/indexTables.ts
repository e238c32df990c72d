import type Database from 'libsql';
import { identityColumns, type FileIdentity } from './fileIdentity.js';
import type { EntryPiece } from './entryPieces.js';
import type { SearchDb } from './searchDb.js';
import type { SessionFile } from './sessionFiles.js';

/** A file as the index remembers it. */
export interface StoredFile {
  readonly id: number;
  readonly project: string;
  readonly session: string;
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtime_ms: number;
  readonly head_bytes: number;
  readonly head_hash: string;
  readonly indexed_to: number;
  readonly next_seq: number;
  readonly skipped_lines: number;
}

/** One searchable piece of an entry, with where the entry is. */
export interface EntryRow extends EntryPiece {
  readonly seq: number;
  readonly offset: number;
  readonly uuid: string | null;
  readonly time: string | null;
}

export interface FileProgress {
  readonly identity: FileIdentity;
  readonly indexedTo: number;
  readonly nextSeq: number;
  readonly skippedLines: number;
}

export function storedFile(db: SearchDb, path: string): StoredFile | undefined {
  return db.prepare('SELECT * FROM files WHERE path = ?').get(path) as StoredFile | undefined;
}

/**
 * Gives an indexed file, and its entries, the names this walk gives it: a project is named from the
 * folder searched (decision 107), so a file found from another root keeps no stale name.
 */
export function renameFile(db: SearchDb, id: number, file: SessionFile): void {
  db.prepare('UPDATE files SET project = ?, session = ? WHERE id = ?').run(file.project, file.session, id);
  db.prepare('UPDATE entries SET project = ?, session = ? WHERE file_id = ?').run(file.project, file.session, id);
}

/** Records (or updates) a file's identity and how far it is indexed; returns its id. */
export function saveFile(db: SearchDb, file: SessionFile, progress: FileProgress): number {
  const { identity: id } = progress;
  const row = db
    .prepare(
      `INSERT INTO files (path, project, session, dev, ino, size, mtime_ms, head_bytes, head_hash, indexed_to, next_seq, skipped_lines)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET dev = excluded.dev, ino = excluded.ino, size = excluded.size, mtime_ms = excluded.mtime_ms,
         head_bytes = excluded.head_bytes, head_hash = excluded.head_hash, indexed_to = excluded.indexed_to,
         next_seq = excluded.next_seq, skipped_lines = excluded.skipped_lines
       RETURNING id`,
    )
    .get(file.path, file.project, file.session, ...identityColumns(id), progress.indexedTo, progress.nextSeq, progress.skippedLines) as {
    id: number;
  };
  return row.id;
}

type Statement = Database.Statement<unknown[]>;

/** The two inserts of every row, prepared once per open index. */
const inserts = new WeakMap<SearchDb, { readonly entry: Statement; readonly fts: Statement }>();

function insertStatements(db: SearchDb): { readonly entry: Statement; readonly fts: Statement } {
  let statements = inserts.get(db);
  if (statements === undefined) {
    statements = {
      entry: db.prepare(
        'INSERT INTO entries (file_id, session, project, seq, offset, uuid, time, role, kind, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      fts: db.prepare('INSERT INTO entries_fts (rowid, text) VALUES (?, ?)'),
    };
    inserts.set(db, statements);
  }
  return statements;
}

/**
 * Adds rows to the entries table and their text to the full-text index (external content: both by
 * hand). The new row's id comes from the insert's own result: `RETURNING id` read through `get`
 * made every insert cost twice as much (decision 89).
 */
export function insertRows(db: SearchDb, fileId: number, file: SessionFile, rows: readonly EntryRow[]): void {
  const { entry, fts } = insertStatements(db);
  for (const row of rows) {
    const { lastInsertRowid } = entry.run(
      fileId,
      file.session,
      file.project,
      row.seq,
      row.offset,
      row.uuid,
      row.time,
      row.role,
      row.kind,
      row.text,
    );
    fts.run(lastInsertRowid, row.text);
  }
}

/** Removes a file and everything indexed from it, in one transaction unless one is open. */
export function deleteFile(db: SearchDb, fileId: number): void {
  const own = !db.inTransaction;
  if (own) db.exec('BEGIN IMMEDIATE');
  db.prepare("INSERT INTO entries_fts (entries_fts, rowid, text) SELECT 'delete', id, text FROM entries WHERE file_id = ?").run(fileId);
  db.prepare('DELETE FROM entries WHERE file_id = ?').run(fileId);
  db.prepare('DELETE FROM files WHERE id = ?').run(fileId);
  if (own) db.exec('COMMIT');
}
