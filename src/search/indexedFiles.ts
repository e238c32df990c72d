import type { SearchDb } from './searchDb.js';

/** A session's transcript as the index knows it. */
export interface IndexedFile {
  readonly path: string;
  readonly project: string;
  readonly session: string;
}

/**
 * The transcript of a session by its id (or a unique prefix of 8 or more characters, as the
 * CLI prints them), among the indexed files; undefined when none or several match.
 */
export function sessionFile(db: SearchDb, session: string): IndexedFile | { readonly ambiguous: readonly string[] } | undefined {
  const exact = db.prepare('SELECT path, project, session FROM files WHERE session = ?').all(session) as IndexedFile[];
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) return { ambiguous: exact.map((f) => f.path) };
  if (session.length < 8) return undefined;
  const prefixed = db
    .prepare('SELECT path, project, session FROM files WHERE substr(session, 1, ?) = ? LIMIT 5')
    .all(session.length, session) as IndexedFile[];
  if (prefixed.length === 1) return prefixed[0];
  return prefixed.length === 0 ? undefined : { ambiguous: prefixed.map((f) => f.session) };
}
