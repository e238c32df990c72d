import type { SqlQueryable } from './sqlDatabase.js';
import { StorageUnavailable } from './teamStorage.js';

export interface HeadRow {
  version: number | string;
  last_modified: string;
  checksum: string;
}

/**
 * The least a transaction that got its repository may sit idle between two statements, however
 * little of its wait is left: time for this process to send the next one on a busy machine.
 */
export const MIN_IDLE_MS = 1_000;

/**
 * Locks the repository's row for this transaction, creating an empty one to lock when the
 * repository is new, and returns its head; all of it within `deadline` (decision 62).
 *
 * - The statements that wait run under statement_timeout = what is left: one bound for the whole
 *   statement. (lock_timeout bounds each lock acquisition, and a row lock queued behind other
 *   waiters is two: the tuple's, then the holder's transaction.)
 * - Once the lock is granted, PostgreSQL itself sets idle_in_transaction_session_timeout to what
 *   is left (at least MIN_IDLE_MS): a process that stalls while holding it sets nothing. So
 *   however many writes of a stalled server queue for a repository, it is free again by about
 *   the last one's deadline, not after a full timeout per queued write.
 */
export async function lockRepo(tx: SqlQueryable, repo: string, deadline: number): Promise<HeadRow> {
  const statementTimeout = await limitTo(tx, deadline);
  const existing = await lockExisting(tx, repo, deadline, statementTimeout);
  if (existing !== undefined) return existing;
  // A concurrent creator's row blocks this insert until it commits; then the lock finds its row.
  await tx
    .query("INSERT INTO team_repos (repo, version, last_modified, checksum) VALUES ($1, 0, '', '') ON CONFLICT (repo) DO NOTHING", [repo])
    .catch(ranOut(deadline));
  await limitTo(tx, deadline);
  const created = await lockExisting(tx, repo, deadline, statementTimeout);
  if (created === undefined) throw new Error(`the row of ${repo} is missing after its insert`);
  return created;
}

/** Bounds the next statements, and the idle time between them, by what is left; returns the statement_timeout it replaced. */
async function limitTo(tx: SqlQueryable, deadline: number): Promise<string> {
  const left = timeLeft(deadline);
  const { rows } = await tx.query<{ previous: string }>(
    `WITH current AS MATERIALIZED (SELECT current_setting('statement_timeout') AS previous)
     SELECT previous, set_config('statement_timeout', $1, true), set_config('idle_in_transaction_session_timeout', $2, true) FROM current`,
    [String(left), String(Math.max(left, MIN_IDLE_MS))],
  );
  return rows[0]?.previous ?? '0';
}

/** The head, locked; undefined when the repository has no row. Puts statement_timeout back once the lock is held. */
async function lockExisting(tx: SqlQueryable, repo: string, deadline: number, statementTimeout: string): Promise<HeadRow | undefined> {
  // The outer SELECT runs once the row is locked: what was left when the statement began, less the wait.
  const { rows } = await tx
    .query<HeadRow>(
      `WITH head AS MATERIALIZED (SELECT version, last_modified, checksum FROM team_repos WHERE repo = $1 FOR UPDATE)
       SELECT version, last_modified, checksum,
              set_config('idle_in_transaction_session_timeout',
                         greatest($3::int, $2::int - (extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000)::int)::text,
                         true),
              set_config('statement_timeout', $4, true)
         FROM head`,
      [repo, timeLeft(deadline), MIN_IDLE_MS, statementTimeout],
    )
    .catch(ranOut(deadline));
  return rows[0];
}

function timeLeft(deadline: number): number {
  const left = Math.ceil(deadline - Date.now());
  if (left <= 0) throw new StorageUnavailable('busy', 'the write reached its deadline before it got its repository');
  return left;
}

/** A wait that failed once the deadline had passed is the wait running out (a statement timeout): busy. */
const ranOut =
  (deadline: number) =>
  (error: unknown): never => {
    if (error instanceof StorageUnavailable && Date.now() >= deadline)
      throw new StorageUnavailable('busy', "another write held the repository until this write's deadline", { cause: error });
    throw error;
  };
