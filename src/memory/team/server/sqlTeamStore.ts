import { hashContent } from '../teamProtocol.js';
import { compareKeys } from '../pushPlan.js';
import { caseCollisions } from '../teamPaths.js';
import { lockRepo, type HeadRow } from './repoLock.js';
import { bytesToText, type SqlDatabase, type SqlQueryable } from './sqlDatabase.js';
import {
  failedPrecondition,
  repoChecksum,
  type RepoSnapshot,
  type TeamStorage,
  type WriteOutcome,
  type WriteRequest,
} from './teamStorage.js';

/** A write refused inside its transaction: thrown to roll the transaction back, caught to answer. */
class Refused extends Error {
  constructor(readonly outcome: WriteOutcome) {
    super(outcome.kind);
  }
}

/**
 * The team storage on either SQL driver. Every write is one transaction that first locks the
 * repository's row within the write's deadline (lockRepo), then decides the
 * preconditions and the entry limit against what is committed, then writes: whichever server
 * process a PUT arrives through, two writes to one repository take turns, so of two writes
 * conditional on the same ETag exactly one succeeds and the other sees the new checksum (412).
 */
export class SqlTeamStore implements TeamStorage {
  constructor(readonly db: SqlDatabase) {}

  async checksum(repo: string): Promise<string | null> {
    const { rows } = await this.db.query<{ checksum: string }>('SELECT checksum FROM team_repos WHERE repo = $1 AND version > 0', [repo]);
    return rows[0]?.checksum ?? null;
  }

  async read(repo: string, withBodies: boolean): Promise<RepoSnapshot | null> {
    // One statement, so one snapshot: the head and the entries always belong together.
    const { rows } = await this.db.query<HeadRow & { key: string | null; content: Uint8Array | null; hash: string | null }>(
      `SELECT r.version, r.last_modified, r.checksum, e.key, ${withBodies ? 'e.content' : 'NULL::bytea AS content'}, e.hash
         FROM team_repos r LEFT JOIN team_entries e ON e.repo = r.repo
        WHERE r.repo = $1 AND r.version > 0`,
      [repo],
    );
    const head = rows[0];
    if (head === undefined) return null;
    const entries = rows.flatMap((row) =>
      row.key === null || row.hash === null
        ? []
        : [{ key: row.key, content: row.content === null ? null : bytesToText(row.content), hash: row.hash }],
    );
    return {
      version: Number(head.version),
      lastModified: head.last_modified,
      checksum: head.checksum,
      entries: entries.sort((a, b) => compareKeys(a.key, b.key)),
    };
  }

  async write(repo: string, request: WriteRequest): Promise<WriteOutcome> {
    try {
      // Hashed before the lock: while it holds the repository, a write sends its statements back to back (decision 62).
      const hashed = request.entries.map(([key, content]) => ({ key, content, hash: hashContent(content) }));
      return await this.db.transaction((tx) => writeLocked(tx, repo, request, hashed));
    } catch (error) {
      if (error instanceof Refused) return error.outcome;
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

type HashedEntry = { readonly key: string; readonly content: string; readonly hash: string };

async function writeLocked(tx: SqlQueryable, repo: string, request: WriteRequest, hashed: readonly HashedEntry[]): Promise<WriteOutcome> {
  const head = await lockRepo(tx, repo, request.deadline);
  const version = Number(head.version);
  const current = version > 0 ? head.checksum : null;
  const failed = failedPrecondition(current, request);
  if (failed !== null) throw new Refused({ kind: 'precondition_failed', reason: failed });

  const { rows: existingRows } = await tx.query<{ key: string; hash: string }>('SELECT key, hash FROM team_entries WHERE repo = $1', [
    repo,
  ]);
  const hashes = new Map(existingRows.map((row) => [row.key, row.hash]));
  const [collision] = caseCollisions(
    request.entries.map(([key]) => key),
    [...hashes.keys()],
  );
  if (collision !== undefined) throw new Refused({ kind: 'case_collision', key: collision[0], other: collision[1] });
  const after = new Set([...hashes.keys(), ...request.entries.map(([key]) => key)]);
  if (after.size > request.maxEntries)
    throw new Refused({ kind: 'too_many_entries', maxEntries: request.maxEntries, receivedEntries: after.size });

  const changed = hashed.filter(({ key, hash }) => hashes.get(key) !== hash);
  if (changed.length === 0 && version > 0) return { kind: 'ok', version, lastModified: head.last_modified, checksum: head.checksum };
  // The same key twice in one request: the last one counts, as it would in the JSON object it came from.
  const last = new Map(changed.map((entry) => [entry.key, entry]));
  const latest = [...last.values()];
  const keys = latest.map((entry) => entry.key);
  // Base64 in a text array: both drivers pass text arrays alike, and decode() makes the bytes.
  await tx.query(
    `INSERT INTO team_entries (repo, key, content, hash)
     SELECT $1, k, decode(c, 'base64'), h FROM unnest($2::text[], $3::text[], $4::text[]) AS t(k, c, h)
     ON CONFLICT (repo, key) DO UPDATE SET content = excluded.content, hash = excluded.hash`,
    [repo, keys, latest.map((entry) => Buffer.from(entry.content, 'utf8').toString('base64')), latest.map((entry) => entry.hash)],
  );
  for (const entry of last.values()) hashes.set(entry.key, entry.hash);
  const checksum = repoChecksum(hashes);
  const next = version + 1;
  await tx.query('UPDATE team_repos SET version = $2, last_modified = $3, checksum = $4 WHERE repo = $1', [
    repo,
    next,
    request.now,
    checksum,
  ]);
  return { kind: 'ok', version: next, lastModified: request.now, checksum };
}
