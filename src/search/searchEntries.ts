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
    // The files under the roots, found once, not a join to files for every match (decision 89).
    sql.push(`e.file_id IN (SELECT id FROM files WHERE ${filters.roots.map(() => '(path = ? OR substr(path, 1, ?) = ?)').join(' OR ')})`);
    for (const root of filters.roots) {
      const prefix = root.endsWith(sep) ? root : root + sep;
      params.push(root, prefix.length, prefix);
    }
  }
  return { sql, params };
}

/**
 * Matches ranked at most, the newest indexed first: ranking every match of a common word over
 * gigabytes took seconds, and a search wants the best of what was said lately (decision 89).
 */
export const RANKED_MATCHES = 5_000;

/** The rowid from which the newest `window` matches start, or 0 when there are no more than that. */
function windowStart(db: SearchDb, match: string, window: number): number {
  const row = db
    .prepare('SELECT rowid FROM entries_fts WHERE entries_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?')
    .get(match, window - 1) as { rowid: number } | undefined;
  return row?.rowid ?? 0;
}

/** The ids of the best matches from rowid `from` on, under the filters, best first (bm25). */
function bestIds(db: SearchDb, match: string, filters: SearchFilters, from: number): number[] {
  const where = whereClauses(filters);
  const sql = `SELECT entries_fts.rowid AS id, bm25(entries_fts) AS score
    FROM entries_fts JOIN entries e ON e.id = entries_fts.rowid
    WHERE entries_fts MATCH ? AND entries_fts.rowid >= ? ${where.sql.map((clause) => `AND ${clause}`).join(' ')}
    ORDER BY score LIMIT ?`;
  return (db.prepare(sql).all(match, from, ...where.params, filters.limit) as { id: number }[]).map((row) => row.id);
}

/** The hits of these ids, in their order, each with its snippet (computed for these rows only). */
function hitsOf(db: SearchDb, match: string, ids: readonly number[]): SearchHit[] {
  if (ids.length === 0) return [];
  const sql = `SELECT entries_fts.rowid AS id, e.session, e.project, e.seq, e.uuid, e.time, e.role, e.kind, f.path,
      snippet(entries_fts, 0, '${MARK_START}', '${MARK_END}', '…', 24) AS snippet
    FROM entries_fts JOIN entries e ON e.id = entries_fts.rowid JOIN files f ON f.id = e.file_id
    WHERE entries_fts MATCH ? AND entries_fts.rowid IN (${ids.map(() => '?').join(', ')})`;
  const byId = new Map((db.prepare(sql).all(match, ...ids) as (SearchHit & { id: number })[]).map(({ id, ...hit }) => [id, hit]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The best matches of a query under the filters, best first (FTS5's bm25): among the newest
 * `window` matches when there are more, and among all of them when those hold fewer hits than the
 * limit under the filters (decision 89).
 */
export function searchEntries(db: SearchDb, query: string, filters: SearchFilters, window = RANKED_MATCHES): SearchHit[] {
  const match = ftsQuery(query);
  if (match === undefined) return [];
  const from = windowStart(db, match, window);
  let ids = bestIds(db, match, filters, from);
  if (ids.length < filters.limit && from > 0) ids = bestIds(db, match, filters, 0);
  return hitsOf(db, match, ids);
}
