import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { withCatalog } from '../../src/cli/withCatalog.js';
import { lockedCatalogError } from '../../src/catalog/catalogLocked.js';
import { MemlogError } from '../../src/errors.js';
import { describeFailure } from '../../src/fs/index.js';
import { tempDir } from '../support/tempDir.js';

const LINE = `${JSON.stringify({ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'hi' } })}\n`;

describe('a catalog another memlog is writing', () => {
  it('is one line naming the catalog file once the wait for its lock runs out, not a stack trace', async () => {
    const dir = tempDir();
    const catalog = join(dir, 'catalog.db');
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, LINE);
    openCatalogDb(catalog).close();
    const other = new Database(catalog);
    other.exec('BEGIN IMMEDIATE');
    // The wait the test allows for the lock: short, so the test does not sit out the 30 s a real run waits.
    const impatient = (path: string): ReturnType<typeof openCatalogDb> => {
      const db = openCatalogDb(path);
      db.exec('PRAGMA busy_timeout = 20');
      return db;
    };
    try {
      const error: unknown = await withCatalog(catalog, (it) => it.summaries([file]), impatient).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(MemlogError);
      const line = describeFailure(error);
      expect(line).toContain(catalog);
      expect(line).toContain('another memlog is writing it');
      expect(line).not.toContain('\n');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('says the same for SQLITE_LOCKED, and leaves any other error as it was', () => {
    const locked = Object.assign(new Error('database table is locked'), { code: 'SQLITE_LOCKED' });
    expect(describeFailure(lockedCatalogError(locked, 'cat.db'))).toMatch(/^cat\.db: .*another memlog is writing it/);
    const other = new Error('boom');
    expect(lockedCatalogError(other, 'cat.db')).toBe(other);
  });
});
