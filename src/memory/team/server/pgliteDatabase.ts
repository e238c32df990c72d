import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { acquireProcessLock } from '../../../fs/processLock.js';
import type { SqlDatabase, SqlQueryable } from './sqlDatabase.js';

/**
 * PostgreSQL compiled to WebAssembly, in this process, its files in `dataDir`: the embedded
 * default, one server process per folder. PGlite has a single connection and runs each query and
 * each transaction alone, so transactions here never wait on each other's locks. It does not stop
 * a second process from opening the same files (which would corrupt them): a lock file beside
 * the folder does.
 */
export async function openPgliteDatabase(dataDir: string): Promise<SqlDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = acquireProcessLock(`${dataDir}.lock`, { holder: 'memlog team serve', target: dataDir });
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const queryable = (on: Pick<PGlite, 'query' | 'exec'>): SqlQueryable => ({
    query: async <Row>(text: string, params: readonly unknown[] = []) => ({ rows: (await on.query<Row>(text, [...params])).rows }),
    script: async (text: string) => void (await on.exec(text)),
  });
  return {
    description: `PGlite in ${dataDir}`,
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close().finally(release),
  };
}
