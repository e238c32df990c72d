import { sha256Hex } from '../../../fs/sha256.js';
import { compareKeys } from '../pushPlan.js';

export interface RepoSnapshot {
  readonly version: number;
  readonly lastModified: string;
  readonly checksum: string;
  /** Sorted by key; `content` is null when bodies were not asked for. */
  readonly entries: ReadonlyArray<{ readonly key: string; readonly content: string | null; readonly hash: string }>;
}

/** The HTTP preconditions of a PUT, as the ETags each header lists (`*` included); undefined when absent. */
export interface WriteConditions {
  readonly ifMatch?: readonly string[];
  readonly ifNoneMatch?: readonly string[];
}

export interface WriteRequest extends WriteConditions {
  readonly entries: ReadonlyArray<readonly [string, string]>;
  /** ISO time recorded as the repository's last modification. */
  readonly now: string;
  readonly maxEntries: number;
  /**
   * When (Date.now()) the write must have its repository by, set once as it reaches the storage:
   * it waits for the repository's lock until then at most, then fails as `busy` (decision 62).
   */
  readonly deadline: number;
}

/**
 * The database cannot do the work now, and a retry may succeed: `unavailable` when it cannot be
 * reached or ended the connection (a restart, a timeout, a network cut), `busy` when another
 * write held the repository until this one's deadline. The server answers 503 with Retry-After.
 */
export class StorageUnavailable extends Error {
  constructor(
    readonly reason: 'unavailable' | 'busy',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

export type WriteOutcome =
  | { readonly kind: 'ok'; readonly version: number; readonly lastModified: string; readonly checksum: string }
  /** `changed`: If-Match named another state; `exists`: If-None-Match refused the current one. */
  | { readonly kind: 'precondition_failed'; readonly reason: 'changed' | 'exists' }
  | { readonly kind: 'too_many_entries'; readonly maxEntries: number; readonly receivedEntries: number }
  /** A key that a case-insensitive file system would take for another of the request's or the repository's (decision 64). */
  | { readonly kind: 'case_collision'; readonly key: string; readonly other: string };

/**
 * Where the team server keeps every repository's memory. One implementation over SQL, with a
 * driver per database (embedded PGlite, or a PostgreSQL server). The preconditions travel into
 * `write` so the storage decides them in the same transaction as the write: with several server
 * processes on one database, a check in the process and a write in the database could interleave.
 */
export interface TeamStorage {
  /** The repository's current checksum (its ETag), or null when it has no data. */
  checksum(repo: string): Promise<string | null>;
  read(repo: string, withBodies: boolean): Promise<RepoSnapshot | null>;
  /**
   * Inserts or replaces the given entries, keeping the others (an upsert, spec §5.3), when the
   * conditions hold and the repository would hold at most `maxEntries`. Writing what is already
   * there changes nothing, not even the version. Throws StorageUnavailable when the database
   * cannot do it now, or the repository stays locked past `deadline`.
   */
  write(repo: string, request: WriteRequest): Promise<WriteOutcome>;
  /** Resolves when the database answers; rejects otherwise (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * RFC 9110 §13.2.2's order for the two headers the protocol uses. `current` is null when the
 * repository has no data: then If-Match fails (even `*`) and If-None-Match passes.
 */
export function failedPrecondition(current: string | null, conditions: WriteConditions): 'changed' | 'exists' | null {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifMatch !== undefined && (current === null || !(ifMatch.includes('*') || ifMatch.includes(current)))) return 'changed';
  // `If-None-Match: *` is a create: refused once the repository has data, so two first pushes cannot overwrite each other.
  if (ifNoneMatch !== undefined && current !== null && (ifNoneMatch.includes('*') || ifNoneMatch.includes(current))) return 'exists';
  return null;
}

/** One checksum for a repository's whole content: the sorted keys with their hashes. Also its ETag. */
export function repoChecksum(hashes: ReadonlyMap<string, string>): string {
  const lines = [...hashes].sort(([a], [b]) => compareKeys(a, b)).map(([key, hash]) => `${JSON.stringify(key)} ${hash}\n`);
  return `sha256:${sha256Hex(lines.join(''))}`;
}
