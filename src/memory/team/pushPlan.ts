import type { SecretFinding } from '../../secrets/scanForSecrets.js';
import { hashContent, MAX_ENTRY_BYTES, MAX_PUT_BODY_BYTES, utf8Bytes } from './teamProtocol.js';
import { caseCollisions } from './teamPaths.js';

/**
 * Planning a push, with no I/O (long-term spec §5.7): which local files may leave the machine,
 * which of those the server does not have yet, and how they are cut into PUT bodies.
 */

/** A file of the local team folder as read from disk, with what the secret scan found in it. */
export interface LocalTeamFile {
  /** POSIX path relative to the team folder. */
  readonly key: string;
  readonly content: string;
  readonly findings: readonly SecretFinding[];
}

/** Why a local file does not sync. The first three are decided by the reader, before content exists. */
export type SkipReason =
  'symlink' | 'invalid_name' | 'case_collision' | 'not_utf8' | 'too_large' | 'secret' | 'over_entry_limit' | 'not_pulled';

export interface SkippedFile {
  readonly key: string;
  readonly reason: SkipReason;
  /** For `secret`: rule and line of each finding, never the value. */
  readonly findings?: readonly SecretFinding[];
  /** For `too_large`: the size in bytes. */
  readonly bytes?: number;
}

export interface UploadableEntry {
  readonly content: string;
  readonly hash: string;
}

/** The files that may be uploaded: no secret, not too large. */
export function selectUploadable(files: readonly LocalTeamFile[]): {
  entries: ReadonlyMap<string, UploadableEntry>;
  skipped: SkippedFile[];
} {
  const skipped: SkippedFile[] = [];
  const entries = new Map<string, UploadableEntry>();
  for (const file of [...files].sort((a, b) => compareKeys(a.key, b.key))) {
    const bytes = utf8Bytes(file.content);
    if (bytes > MAX_ENTRY_BYTES) skipped.push({ key: file.key, reason: 'too_large', bytes });
    else if (file.findings.length > 0) skipped.push({ key: file.key, reason: 'secret', findings: file.findings });
    else entries.set(file.key, { content: file.content, hash: hashContent(file.content) });
  }
  return { entries, skipped };
}

/**
 * The uploadable files less those a case-insensitive file system would take for another local
 * file or a key the server has (`Ok.md` beside `ok.md`): the server refuses them (decision 64),
 * and one bad key would fail the whole batch. Each is reported as `case_collision`.
 */
export function withoutCaseCollisions(
  selected: { readonly entries: ReadonlyMap<string, UploadableEntry>; readonly skipped: readonly SkippedFile[] },
  server: ReadonlyMap<string, string>,
): { entries: ReadonlyMap<string, UploadableEntry>; skipped: SkippedFile[] } {
  const collisions = caseCollisions([...selected.entries.keys()], [...server.keys()]);
  if (collisions.size === 0) return { entries: selected.entries, skipped: [...selected.skipped] };
  const entries = new Map([...selected.entries].filter(([key]) => !collisions.has(key)));
  const skipped = [...collisions.keys()].map((key): SkippedFile => ({ key, reason: 'case_collision' }));
  return { entries, skipped: [...selected.skipped, ...skipped] };
}

/**
 * The entry limit a 413 taught, counted as the server will hold after the push: a key the server
 * already has costs nothing (an upsert replaces it), so those always stay; of the new keys, only as
 * many as there is room for beside all the server's keys (a teammate's included), first in sorted
 * order, so the cut is the same every time. The rest are reported as `over_entry_limit`.
 */
export function withinEntryLimit(
  entries: ReadonlyMap<string, UploadableEntry>,
  server: ReadonlyMap<string, string>,
  maxEntries: number | null,
): { entries: ReadonlyMap<string, UploadableEntry>; skipped: SkippedFile[] } {
  if (maxEntries === null) return { entries, skipped: [] };
  let room = Math.max(0, maxEntries - server.size);
  const kept = new Map<string, UploadableEntry>();
  const skipped: SkippedFile[] = [];
  for (const key of [...entries.keys()].sort(compareKeys)) {
    const entry = entries.get(key);
    if (entry === undefined) continue;
    if (server.has(key)) kept.set(key, entry);
    else if (room > 0) {
      kept.set(key, entry);
      room--;
    } else skipped.push({ key, reason: 'over_entry_limit' });
  }
  return { entries: kept, skipped };
}

/** Keys whose local content the server does not hold (by hash), sorted. */
export function deltaKeys(entries: ReadonlyMap<string, UploadableEntry>, serverChecksums: ReadonlyMap<string, string>): string[] {
  return [...entries]
    .filter(([key, entry]) => serverChecksums.get(key) !== entry.hash)
    .map(([key]) => key)
    .sort(compareKeys);
}

/**
 * What a push sends, against the server's hashes now and the hashes at this checkout's last
 * sync (`base`): a file that differs from the server's and changed here since the sync, or that
 * is new here. A file unchanged here since the sync while the server's changed is behind, not
 * edited: sending it would put a teammate's newer version back (that is a pull's job). A file
 * the server has, never synced here and different, is held back: pull first, then edit.
 */
export function pushKeys(
  entries: ReadonlyMap<string, UploadableEntry>,
  server: ReadonlyMap<string, string>,
  base: ReadonlyMap<string, string>,
): { readonly send: string[]; readonly behind: string[]; readonly unsynced: string[] } {
  const send: string[] = [];
  const behind: string[] = [];
  const unsynced: string[] = [];
  for (const key of deltaKeys(entries, server)) {
    const hash = entries.get(key)?.hash;
    const synced = base.get(key);
    if (!server.has(key) || (synced !== undefined && synced !== hash)) send.push(key);
    else if (synced === undefined) unsynced.push(key);
    else behind.push(key);
  }
  return { send, behind, unsynced };
}

/** `{"entries":{}}` */
const EMPTY_BODY_BYTES = utf8Bytes(JSON.stringify({ entries: {} }));

/** What one entry adds to a PUT body: its key and value as JSON, a colon, and (at most) one comma. */
export const entryBodyBytes = (key: string, content: string): number =>
  utf8Bytes(JSON.stringify(key)) + utf8Bytes(JSON.stringify(content)) + 2;

/**
 * Cuts the delta into PUT bodies of at most `limit` bytes, greedily in key order. An entry that
 * alone exceeds the limit travels alone (the per-file cap keeps it bounded).
 */
export function batchByBytes(
  keys: readonly string[],
  entries: ReadonlyMap<string, UploadableEntry>,
  limit = MAX_PUT_BODY_BYTES,
): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let size = EMPTY_BODY_BYTES;
  for (const key of keys) {
    const entry = entries.get(key);
    if (entry === undefined) continue;
    const bytes = entryBodyBytes(key, entry.content);
    if (current.length > 0 && size + bytes > limit) {
      batches.push(current);
      current = [];
      size = EMPTY_BODY_BYTES;
    }
    current.push(key);
    size += bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** One PUT's body object. */
export function batchBody(keys: readonly string[], entries: ReadonlyMap<string, UploadableEntry>): { entries: Record<string, string> } {
  // No prototype: a file named `__proto__` is an entry like any other.
  const body = Object.create(null) as Record<string, string>;
  for (const key of keys) {
    const entry = entries.get(key);
    if (entry !== undefined) body[key] = entry.content;
  }
  return { entries: body };
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
