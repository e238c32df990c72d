import { MemlogError } from '../errors.js';

/**
 * A catalog's SQLite error saying another connection holds its write lock (SQLITE_BUSY once the busy timeout ran out,
 * SQLITE_LOCKED) as one `io` line naming the catalog file; any other error as it was. Another memlog folding into the
 * same catalog holds the lock for a quarter of a second at a time (decision 98), so this is one stuck or far slower.
 */
export function lockedCatalogError(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') return error;
  const message = `${path}: the session catalog is locked: another memlog is writing it; try again, or pass --no-catalog`;
  return new MemlogError('io', message, { path }, { cause: error });
}
