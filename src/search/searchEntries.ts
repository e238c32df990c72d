import { sep } from 'node:path';
import { ftsQuery } from './ftsQuery.js';
import type { PieceKind, PieceRole } from './entryPieces.js';
import type { SearchDb } from './searchDb.js';

export interface SearchFilters {
  /** Project folder names (`-home-dev-app`); any of them. */
  readonly projects?: readonly string[];
  /** Only sessions whose files are under these absolute paths. */
  readonly roots?: readonly string[];
  /** ISO times or days, inclusive; compared with the entries' timestamps. */
  readonly since?: string;
  readonly until?: string;
  readonly role?: PieceRole;
  /** Also tool calls' inputs and tool results (default: the user's and the assistant's words only). */
  readonly tools?: boolean;
  readonly limit: number;
}

/** One match: the session, the entry (seq and uuid), its time and a snippet with the match marked «so». */
export interface SearchHit {
  readonly session: string;
  readonly project: string;
  readonly seq: number;
  readonly uuid: string | null;
  readonly time: string | null;
  readonly role: PieceRole;
  readonly kind: PieceKind;
  readonly snippet: string;
  readonly path: string;
}

export const MARK_START = '«';
export const MARK_END = '»';

/** A day names all of it: `--until 2026-03-04` includes that day's entries. */
const untilBound = (until: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T23:59:59.999Z` : until);

function whereClauses(filters: SearchFilters): { sql: string[]; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (filters.tools !== true) sql.push("e.kind = 'text'");
  const add = (clause: string, value: unknown): void => {
    sql.push(clause);
    params.push(value);
  };
  if (filters.role !== undefined) add('e.role = ?', filters.role);
  if (filters.since !== undefined) add('e.time >= ?', filters.since);
  if (filters.until !== undefined) add('e.time <= ?', untilBound(filters.until));
  if (filters.projects !== undefined && filters.projects.length > 0) {
    sql.push(`e.project IN (${filters.projects.map(() => '?').join(', ')})`);
    params.push(...filters.projects);
  }
  if (filters.roots !== undefined && filters.roots.length > 0) {
    sql.push(`(${filters.roots.map(() => '(f.path = ? OR substr(f.path, 1, ?) = ?)').join(' OR ')})`);
    for (const root of filters.roots) {
      const prefix = root.endsWith(sep) ? root : root + sep;
      params.push(root, prefix.length, prefix);
    }
  }
  return { sql, params };
}

/** The best matches of a query under the filters, best first (FTS5's bm25 rank). */
export function searchEntries(db: SearchDb, query: string, filters: SearchFilters): SearchHit[] {
  const match = ftsQuery(query);
  if (match === undefined) return [];
  const where = whereClauses(filters);
  const sql = `SELECT e.session, e.project, e.seq, e.uuid, e.time, e.role, e.kind, f.path,
      snippet(entries_fts, 0, '${MARK_START}', '${MARK_END}', '…', 24) AS snippet
    FROM entries_fts JOIN entries e ON e.id = entries_fts.rowid JOIN files f ON f.id = e.file_id
    WHERE entries_fts MATCH ? ${where.sql.map((clause) => `AND ${clause}`).join(' ')}
    ORDER BY entries_fts.rank LIMIT ?`;
  return db.prepare(sql).all(match, ...where.params, filters.limit) as SearchHit[];
}
