import pg from 'pg';
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
    // otherwise hold its repository's row lock until TCP gives up: PostgreSQL ends it instead.
    idle_in_transaction_session_timeout: 10_000,
    statement_timeout: 30_000,
  });
  // An idle connection the server drops (a restart, a network cut) is replaced on the next query;
  // without a listener the pool's error event would end the process.
  pool.on('error', (error) => process.stderr.write(`memlog team serve: idle database connection lost: ${error.message}\n`));
  await pool.query('SELECT 1');
  const queryable = (on: pg.Pool | pg.PoolClient): SqlQueryable => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => ({ rows: (await on.query(text, [...params])).rows as Row[] }),
    // Without parameters pg sends the simple protocol, which takes several statements.
    script: async (text: string) => void (await on.query(text)),
  });
  return {
    description: `PostgreSQL at ${redactedUrl(url)}`,
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        try {
          await client.query('BEGIN');
          const result = await work(queryable(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
          throw error;
        }
      } finally {
        // A connection whose rollback failed is in an unknown state: the pool discards it.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
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
