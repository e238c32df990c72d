import pg from 'pg';
import { storageError } from './postgresErrors.js';
import type { SqlDatabase, SqlQueryable } from './sqlDatabase.js';

/** Connections one server process keeps to PostgreSQL. */
const POOL_SIZE = 10;

/**
 * A PostgreSQL server through `pg`: several memlog server processes may share it, each with its
 * own pool; the transactions' row locks keep their writes apart.
 */
export async function openPostgresDatabase(url: string): Promise<SqlDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    // A request waits at most this long for a connection, so an unreachable database is an error, not a hang.
    connectionTimeoutMillis: 5_000,
    // A server that stops mid-transaction without closing its connection (paused, cut off) would
    // otherwise hold its locks until TCP gives up: PostgreSQL ends it instead. A write sets a
    // shorter one, what is left of its deadline, the moment it gets its repository (decision 62).
    idle_in_transaction_session_timeout: 10_000,
    statement_timeout: 30_000,
  });
  // An idle connection the server drops (a restart, a network cut) is replaced on the next query;
  // without a listener the pool's error event would end the process.
  pool.on('error', (error) => process.stderr.write(`memlog team serve: idle database connection lost: ${error.message}\n`));
  // A connection in use can be ended too (a restart, an idle-in-transaction timeout after a stall):
  // pg then emits `error` on the client as well as failing its queries, and an `error` event without
  // a listener would end the process. The failed query is the one that reports it (a 503), and the
  // pool discards the client when it comes back unusable.
  pool.on('connect', (client) => client.on('error', () => {}));
  await pool.query('SELECT 1');
  return {
    description: `PostgreSQL at ${redactedUrl(url)}`,
    ...queryable(pool),
    transaction: (work) => inTransaction(pool, work),
    close: () => pool.end(),
  };
}

/** Queries whose failures say whether a retry may succeed (storageError). */
const queryable = (on: pg.Pool | pg.PoolClient): SqlQueryable => ({
  query: async <Row>(text: string, params: readonly unknown[] = []) => ({
    rows: (await on.query(text, [...params]).catch(rethrowForStorage)).rows as Row[],
  }),
  // Without parameters pg sends the simple protocol, which takes several statements.
  script: async (text: string) => void (await on.query(text).catch(rethrowForStorage)),
});

const rethrowForStorage = (error: unknown): never => {
  throw storageError(error);
};

async function inTransaction<T>(pool: pg.Pool, work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  const client = await pool.connect().catch(rethrowForStorage);
  const tx = queryable(client);
  let broken: Error | undefined;
  try {
    try {
      await tx.query('BEGIN');
      const result = await work(tx);
      await tx.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    // A connection whose rollback failed is in an unknown state (or gone): the pool discards it.
    client.release(broken);
  }
}

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
