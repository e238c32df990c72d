import type { PieceKind, PieceRole } from './entryPieces.js';
import type { SearchDb } from './searchDb.js';

/** One indexed message of a session, as a window shows it. */
export interface WindowMessage {
  readonly seq: number;
  readonly uuid: string | null;
  readonly time: string | null;
  readonly role: PieceRole;
  readonly kind: PieceKind;
  readonly text: string;
}

export interface WindowRequest {
  /** The entry to centre on, by seq; undefined: the session's start. */
  readonly around?: number;
  readonly before: number;
  readonly after: number;
  /** Also tool calls and tool results (default: the user's and the assistant's words). */
  readonly tools?: boolean;
}

const COLUMNS = 'seq, uuid, time, role, kind, text';

/**
 * Up to `before` messages before the entry and the entry with up to `after` after it, read from
 * the index (no transcript is opened), in order.
 */
export function sessionWindow(db: SearchDb, path: string, request: WindowRequest): WindowMessage[] {
  const kinds = request.tools === true ? '' : "AND e.kind = 'text'";
  const file = 'e.file_id = (SELECT id FROM files WHERE path = ?)';
  const around = request.around ?? 0;
  const earlier = db
    .prepare(`SELECT ${COLUMNS} FROM entries e WHERE ${file} ${kinds} AND seq < ? ORDER BY seq DESC, id DESC LIMIT ?`)
    .all(path, around, request.before) as WindowMessage[];
  const later = db
    .prepare(`SELECT ${COLUMNS} FROM entries e WHERE ${file} ${kinds} AND seq >= ? ORDER BY seq, id LIMIT ?`)
    .all(path, around, request.after + 1) as WindowMessage[];
  return [...earlier.reverse(), ...later];
}

/** The seq of an entry of this file by its uuid, or undefined. */
export function seqOfUuid(db: SearchDb, path: string, uuid: string): number | undefined {
  const row = db
    .prepare('SELECT e.seq FROM entries e JOIN files f ON f.id = e.file_id WHERE f.path = ? AND e.uuid = ? LIMIT 1')
    .get(path, uuid) as { seq: number } | undefined;
  return row?.seq;
}
