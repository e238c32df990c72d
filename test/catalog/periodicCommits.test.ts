import { join } from 'node:path';
import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { CatalogRows, type StoredFold } from '../../src/catalog/catalogRows.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { lines } from './catalogSupport.js';
import { writeFileSync } from 'node:fs';
import { tempDir } from '../support/tempDir.js';

/** Five folded files, and a catalog on disk with a second connection that sees only what was committed (WAL). */
function setUp(): {
  folds: StoredFold[];
  rows: (policy: ConstructorParameters<typeof CatalogRows>[1]) => CatalogRows;
  committed: () => number;
} {
  const dir = tempDir();
  const folds = [0, 1, 2, 3, 4].map((i) => {
    const path = join(dir, `s${i}.jsonl`);
    writeFileSync(
      path,
      lines([{ type: 'user', uuid: `u${i}`, parentUuid: null, sessionId: `s${i}`, message: { role: 'user', content: 'hi' } }]),
    );
    const result = foldFile({ path });
    return { path, row: result.row, usage: result.usage, forgotten: result.forgotten, foldedOn: false };
  });
  const catalog = join(dir, 'catalog.db');
  const db = openCatalogDb(catalog);
  const reader = new Database(catalog);
  const count = reader.prepare('SELECT count(*) AS n FROM sessions');
  return { folds, rows: (policy) => new CatalogRows(db, policy), committed: () => (count.get() as { n: number }).n };
}

describe('the rows stored as folds end are committed now and then, not in one transaction (decision 98)', () => {
  it('commits every so many rows, so another memlog waits for the lock only that long', () => {
    const { folds, rows, committed } = setUp();
    const writer = rows({ rows: 2 }).writer();
    const seen = folds.map((fold) => {
      writer.put(fold);
      return committed();
    });
    writer.end();
    expect(seen).toEqual([0, 2, 2, 4, 4]);
    expect(committed()).toBe(5);
  });

  it('commits once the transaction has been open long enough, by the clock it is given', () => {
    const { folds, rows, committed } = setUp();
    let now = 0;
    const writer = rows({ ms: 250, now: () => now }).writer();
    const seen = folds.map((fold, i) => {
      now = i * 100;
      writer.put(fold);
      return committed();
    });
    writer.abort();
    // Begun at 0: open 300 ms at the fourth row; begun again at 400: the fifth is rolled back.
    expect(seen).toEqual([0, 0, 0, 4, 4]);
    expect(committed()).toBe(4);
  });
});
