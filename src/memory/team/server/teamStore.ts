import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sha256Hex } from '../../../fs/sha256.js';
import { compareKeys } from '../pushPlan.js';
import { hashContent } from '../teamProtocol.js';

export interface RepoSnapshot {
  readonly version: number;
  readonly lastModified: string;
  readonly checksum: string;
  /** Sorted by key; `content` is null when bodies were not asked for. */
  readonly entries: ReadonlyArray<{ readonly key: string; readonly content: string | null; readonly hash: string }>;
}

export type UpsertOutcome =
  | { readonly kind: 'ok'; readonly version: number; readonly lastModified: string; readonly checksum: string }
  | { readonly kind: 'too_many_entries'; readonly maxEntries: number; readonly receivedEntries: number };

/** The file under the data directory; one per server, every repository in it. */
export const TEAM_STORE_FILE = 'team-memory.sqlite3';

/**
 * The reference server's storage: SQLite through better-sqlite3. Its calls are synchronous, so
 * each request's read-check-write runs to completion before the next request is looked at; the
 * transaction is for the disk (all of an upsert or none of it), not for concurrency. WAL with
 * synchronous=FULL makes every answered write survive a killed process.
 */
export class TeamStore {
  readonly #db: Database.Database;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.#db = new Database(join(dataDir, TEAM_STORE_FILE));
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = FULL');
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS repos (repo TEXT PRIMARY KEY, version INTEGER NOT NULL, last_modified TEXT NOT NULL, checksum TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS entries (repo TEXT NOT NULL, key TEXT NOT NULL, content TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (repo, key));
    `);
  }

  /** The repository's current checksum, or null when it has no data. */
  checksum(repo: string): string | null {
    const row = this.#db.prepare('SELECT checksum FROM repos WHERE repo = ?').get(repo) as { checksum: string } | undefined;
    return row?.checksum ?? null;
  }

  read(repo: string, withBodies: boolean): RepoSnapshot | null {
    const head = this.#db.prepare('SELECT version, last_modified, checksum FROM repos WHERE repo = ?').get(repo) as
      { version: number; last_modified: string; checksum: string } | undefined;
    if (head === undefined) return null;
    const rows = this.#db
      .prepare(`SELECT key, ${withBodies ? 'content' : 'NULL AS content'}, hash FROM entries WHERE repo = ?`)
      .all(repo) as Array<{ key: string; content: string | null; hash: string }>;
    return {
      version: head.version,
      lastModified: head.last_modified,
      checksum: head.checksum,
      entries: rows.sort((a, b) => compareKeys(a.key, b.key)),
    };
  }

  /**
   * Inserts or replaces the given entries, keeping the others (an upsert, spec §5.3), unless the
   * repository would then hold more than `maxEntries`. Writing what is already there changes
   * nothing, not even the version.
   */
  upsert(repo: string, entries: ReadonlyArray<readonly [string, string]>, now: string, maxEntries: number): UpsertOutcome {
    return this.#db.transaction((): UpsertOutcome => {
      const existing = new Map(
        (this.#db.prepare('SELECT key, hash FROM entries WHERE repo = ?').all(repo) as Array<{ key: string; hash: string }>).map((r) => [
          r.key,
          r.hash,
        ]),
      );
      const after = new Set([...existing.keys(), ...entries.map(([key]) => key)]);
      if (after.size > maxEntries) return { kind: 'too_many_entries', maxEntries, receivedEntries: after.size };
      const put = this.#db.prepare(
        'INSERT INTO entries (repo, key, content, hash) VALUES (?, ?, ?, ?) ON CONFLICT (repo, key) DO UPDATE SET content = excluded.content, hash = excluded.hash',
      );
      let changed = false;
      for (const [key, content] of entries) {
        const hash = hashContent(content);
        if (existing.get(key) === hash) continue;
        put.run(repo, key, content, hash);
        existing.set(key, hash);
        changed = true;
      }
      const head = this.#db.prepare('SELECT version, last_modified, checksum FROM repos WHERE repo = ?').get(repo) as
        { version: number; last_modified: string; checksum: string } | undefined;
      if (!changed && head !== undefined)
        return { kind: 'ok', version: head.version, lastModified: head.last_modified, checksum: head.checksum };
      const checksum = repoChecksum(existing);
      const version = (head?.version ?? 0) + 1;
      this.#db
        .prepare(
          'INSERT INTO repos (repo, version, last_modified, checksum) VALUES (?, ?, ?, ?) ON CONFLICT (repo) DO UPDATE SET version = excluded.version, last_modified = excluded.last_modified, checksum = excluded.checksum',
        )
        .run(repo, version, now, checksum);
      return { kind: 'ok', version, lastModified: now, checksum };
    })();
  }

  close(): void {
    this.#db.close();
  }
}

/** One checksum for a repository's whole content: the sorted keys with their hashes. Also its ETag. */
export function repoChecksum(hashes: ReadonlyMap<string, string>): string {
  const lines = [...hashes].sort(([a], [b]) => compareKeys(a, b)).map(([key, hash]) => `${JSON.stringify(key)} ${hash}\n`);
  return `sha256:${sha256Hex(lines.join(''))}`;
}
