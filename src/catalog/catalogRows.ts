import { MemlogError } from '../errors.js';
import { identityColumns, type FileIdentity } from '../search/fileIdentity.js';
import { BatchedInserts } from './batchedInserts.js';
import type { CatalogDb } from './catalogDb.js';
import type { ForgottenKind, StoredForgotten } from './chainWindow.js';
import { decodeResponses, mergedResponses, responseCount, type CountedResponses } from './countedResponses.js';
import type { StoredUsage } from './usageTotals.js';

/** A catalog row: the file as it was read, where the fold ended, its snapshot and its summary (JSON text). */
export interface CatalogRow {
  readonly identity: FileIdentity;
  /** The offset just past the last whole line folded, and that line's number plus one. */
  readonly endOffset: number;
  readonly endLine: number;
  /** The hash of the bytes just before `endOffset` (HEAD_BYTES of them at most): with the head's, what tells growth from a rewrite. */
  readonly endHash: string;
  readonly snapshot: string;
  readonly summary: string;
}

interface Stored {
  dev: number;
  ino: number;
  size: number;
  mtime_ms: number;
  head_bytes: number;
  head_hash: string;
  end_offset: number;
  end_line: number;
  end_hash: string;
  snapshot: string;
  summary: string;
}

/** What a rerun needs of a row to answer without reading the file: its identity and its summary, not the fold's snapshot. */
export type CatalogHead = Pick<CatalogRow, 'identity' | 'summary'>;

const IDENTITY_COLUMNS = 'dev, ino, size, mtime_ms, head_bytes, head_hash';

/** Reads and writes catalog rows with statements prepared once. */
export class CatalogRows {
  readonly #select;
  readonly #selectHead;
  readonly #upsert;
  readonly #usage;
  readonly #dropUsage;
  readonly #forgotten;
  readonly #dropForgotten;
  readonly #responses;
  readonly #insertResponses;
  readonly #dropResponses;
  /** Prepared at the first write: a rerun over unchanged files writes nothing (decision 88). */
  #inserts: BatchedInserts | undefined;
  readonly #db: CatalogDb;
  readonly #commits: Required<CommitPolicy>;

  constructor(db: CatalogDb, commits: CommitPolicy = {}) {
    this.#db = db;
    this.#commits = { ...DEFAULT_COMMITS, ...commits };
    this.#select = db.prepare('SELECT * FROM sessions WHERE path = ?');
    // The snapshot is most of a row's bytes (a 1 MB session's is about 40 KB) and only a file that grew needs it (decision 88).
    this.#selectHead = db.prepare(`SELECT ${IDENTITY_COLUMNS}, summary FROM sessions WHERE path = ?`);
    this.#upsert = db.prepare(
      `INSERT INTO sessions (path, dev, ino, size, mtime_ms, head_bytes, head_hash, end_offset, end_line, end_hash, snapshot, summary)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET dev = excluded.dev, ino = excluded.ino, size = excluded.size, mtime_ms = excluded.mtime_ms,
         head_bytes = excluded.head_bytes, head_hash = excluded.head_hash, end_offset = excluded.end_offset,
         end_line = excluded.end_line, end_hash = excluded.end_hash, snapshot = excluded.snapshot, summary = excluded.summary
       RETURNING id`,
    );
    // The usage and forgotten tables are keyed by the file's id, not its path's text: a tenth of the bytes a row (decision 95).
    const FILE = '(SELECT id FROM sessions WHERE path = ?)';
    this.#usage = db.prepare(`SELECT model, input, output, cache_creation, cache_read, day FROM usage WHERE file = ${FILE} AND id = ?`);
    this.#dropUsage = db.prepare('DELETE FROM usage WHERE file = ?');
    this.#forgotten = db.prepare(`SELECT 1 FROM forgotten WHERE file = ${FILE} AND kind = ? AND high = ? AND low = ?`);
    this.#dropForgotten = db.prepare('DELETE FROM forgotten WHERE file = ?');
    this.#responses = db.prepare(`SELECT data FROM responses WHERE file = ${FILE} ORDER BY part < 0, part`);
    this.#insertResponses = db.prepare(
      `INSERT OR REPLACE INTO responses (file, part, data)
       VALUES (?1, CASE WHEN ?2 THEN -1 ELSE (SELECT coalesce(max(part) + 1, 0) FROM responses WHERE file = ?1 AND part >= 0) END, ?3)`,
    );
    this.#dropResponses = db.prepare('DELETE FROM responses WHERE file = ? AND (part < 0 OR ?)');
  }

  /**
   * The responses a file counted, as its folds stored them (decision 109): the fold from its start, each growth's tail
   * after it, then its torn last line's.
   */
  countedResponses(path: string): CountedResponses {
    // libsql gives a blob as an ArrayBuffer.
    const parts = this.#responses.all(path) as Array<{ data: ArrayBuffer | Uint8Array }>;
    try {
      return mergedResponses(parts.map(({ data }) => decodeResponses(data instanceof Uint8Array ? data : new Uint8Array(data))));
    } catch (error) {
      const message = `${path}: its responses in the session catalog are damaged (${(error as Error).message}); delete the catalog, or pass --no-catalog`;
      throw new MemlogError('io', message, { path }, { cause: error });
    }
  }

  /**
   * Runs `read` in one read transaction: every read sees the catalog as one commit left it, whatever another memlog
   * commits meanwhile (WAL keeps the snapshot; decision 109).
   */
  reading<T>(read: () => T): T {
    this.#db.exec('BEGIN');
    try {
      return read();
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  /** Whether the chain window's forgotten table holds this fingerprint of a file's (decision 94). */
  forgottenHas(path: string, kind: ForgottenKind, high: number, low: number): boolean {
    return this.#forgotten.get(path, KIND_NUMBER[kind], high, low) !== undefined;
  }

  /** The usage stored for one message of a file (decision 94). */
  usageOf(path: string, id: string): StoredUsage | undefined {
    const row = this.#usage.get(path, id) as UsageRow | undefined;
    return row === undefined ? undefined : [id, row.model, row.input, row.output, row.cache_creation, row.cache_read, row.day];
  }

  /** The row's identity and summary, without its snapshot. */
  head(path: string): CatalogHead | undefined {
    const row = this.#selectHead.get(path) as Pick<Stored, IdentityColumn | 'summary'> | undefined;
    return row === undefined ? undefined : { identity: identityOfRow(row), summary: row.summary };
  }

  get(path: string): CatalogRow | undefined {
    const row = this.#select.get(path) as Stored | undefined;
    if (row === undefined) return undefined;
    return {
      identity: identityOfRow(row),
      endOffset: row.end_offset,
      endLine: row.end_line,
      endHash: row.end_hash,
      snapshot: row.snapshot,
      summary: row.summary,
    };
  }

  /** Stores the rows and their messages' usage (CatalogRows.writer); a file read from its start has its old usage dropped. */
  putAll(rows: readonly StoredFold[]): void {
    const writer = this.writer();
    try {
      for (const fold of rows) writer.put(fold);
      writer.end();
    } catch (error) {
      writer.abort();
      throw error;
    }
  }

  /**
   * Stores rows one at a time as their folds end, in a transaction begun at the first (decision 98) and committed once
   * it holds enough rows or has been open long enough, begun again at the next: another memlog writing the catalog
   * waits that long at most. `end` commits the open one, `abort` rolls it back (the rows committed before stay: each
   * is whole).
   */
  writer(): RowWriter {
    const { rows: most, ms, now } = this.#commits;
    let open = false;
    let held = 0;
    let began = 0;
    const close = (how: 'COMMIT' | 'ROLLBACK'): void => {
      if (open) this.#db.exec(how);
      open = false;
    };
    return {
      put: (fold) => {
        if (!open) {
          this.#db.exec('BEGIN IMMEDIATE');
          [open, held, began] = [true, 0, now()];
        }
        this.#put(fold);
        held += 1;
        if (held >= most || now() - began >= ms) close('COMMIT');
      },
      end: () => close('COMMIT'),
      abort: () => close('ROLLBACK'),
    };
  }

  #put({ path, row, usage, forgotten, foldedOn, responses, tornResponses }: StoredFold): void {
    const id = this.#upsertRow(path, row);
    if (!foldedOn) {
      this.#dropUsage.run(id);
      this.#dropForgotten.run(id);
    }
    // A fold from the start replaces every part; a growth replaces only the torn line's, which it read again (decision 109).
    this.#dropResponses.run(id, foldedOn ? 0 : 1);
    if (responses !== undefined && responseCount(responses) > 0) this.#insertResponses.run(id, 0, responses);
    if (tornResponses !== undefined && tornResponses !== null && responseCount(tornResponses) > 0)
      this.#insertResponses.run(id, 1, tornResponses);
    this.#inserts ??= new BatchedInserts(this.#db);
    this.#inserts.usage(id, usage);
    for (const kind of ['nodes', 'progress'] as const) this.#inserts.forgotten(id, KIND_NUMBER[kind], forgotten[kind]);
  }

  /** Stores the file's row and gives its id, which keys its usage and forgotten fingerprints (decision 95). */
  #upsertRow(path: string, { identity, endOffset, endLine, endHash, snapshot, summary }: CatalogRow): number {
    const stored = this.#upsert.get(path, ...identityColumns(identity), endOffset, endLine, endHash, snapshot, summary);
    return (stored as { id: number }).id;
  }
}

/**
 * When the writer commits and begins again: after so many rows, or once the transaction has been open so many
 * milliseconds by `now` (decision 98).
 */
export interface CommitPolicy {
  readonly rows?: number;
  readonly ms?: number;
  readonly now?: () => number;
}

/** A quarter of a second at most of another memlog's wait; a commit in WAL mode without an fsync costs little (decision 95). */
const DEFAULT_COMMITS: Required<CommitPolicy> = { rows: 1000, ms: 250, now: () => performance.now() };

/** Rows stored as their folds end, in transactions committed now and then (CatalogRows.writer). */
export interface RowWriter {
  put(fold: StoredFold): void;
  end(): void;
  abort(): void;
}

/** A forgotten fingerprint's kind as the table stores it. */
const KIND_NUMBER: Readonly<Record<ForgottenKind, number>> = { nodes: 0, progress: 1 };

/** A file's fold to store: its row, the usage of the messages it met, and whether it went on from the stored row. */
export interface StoredFold {
  readonly path: string;
  readonly row: CatalogRow;
  readonly usage: readonly StoredUsage[];
  readonly forgotten: StoredForgotten;
  readonly foldedOn: boolean;
  /** The responses the fold counted (encodeResponses), and its torn last line's (decision 109); none when left out. */
  readonly responses?: Uint8Array;
  readonly tornResponses?: Uint8Array | null;
}

interface UsageRow {
  model: string | null;
  input: number;
  output: number;
  cache_creation: number;
  cache_read: number;
  day: string;
}

type IdentityColumn = 'dev' | 'ino' | 'size' | 'mtime_ms' | 'head_bytes' | 'head_hash';

function identityOfRow(row: Pick<Stored, IdentityColumn>): FileIdentity {
  return { dev: row.dev, ino: row.ino, size: row.size, mtimeMs: row.mtime_ms, headBytes: row.head_bytes, headHash: row.head_hash };
}
