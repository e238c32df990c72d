import Database from 'libsql';
import { describe, expect, it } from 'vitest';
import { IDENTITY_COLUMN_DECLARATIONS, identityColumns, type FileIdentity } from '../../src/search/fileIdentity.js';

const identity: FileIdentity = { dev: 7, ino: 42, size: 4096, mtimeMs: 1.5, headBytes: 4096, headHash: 'ab12' };

/** A table that declares the identity's columns where it likes, joined as the catalog and the index join them. */
function tableWith(columns: string): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE files (${columns});`);
  return db;
}

const identityColumnsSql = IDENTITY_COLUMN_DECLARATIONS.join(',\n  ');
const NAMES = ['dev', 'ino', 'size', 'mtime_ms', 'head_bytes', 'head_hash'];
const readBack = (db: Database.Database): unknown[] => {
  const row = db.prepare(`SELECT ${NAMES.join(', ')} FROM files`).get() as Record<string, unknown>;
  return NAMES.map((name) => row[name]);
};

describe("a file identity's columns, declared by the index's and the catalog's tables", () => {
  it('stand last in a table: the joint between columns is the table’s, none is built in', () => {
    const db = tableWith(`id INTEGER PRIMARY KEY,\n  ${identityColumnsSql}`);
    db.prepare('INSERT INTO files (dev, ino, size, mtime_ms, head_bytes, head_hash) VALUES (?, ?, ?, ?, ?, ?)').run(
      ...identityColumns(identity),
    );
    expect(readBack(db)).toEqual(identityColumns(identity));
  });

  it('stand first or in the middle, in the order identityColumns gives the values', () => {
    const db = tableWith(`${identityColumnsSql},\n  path TEXT NOT NULL`);
    db.prepare('INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?)').run(...identityColumns(identity), 'a.jsonl');
    expect(readBack(db)).toEqual(identityColumns(identity));
  });

  it('refuse a missing value: every column is NOT NULL', () => {
    const db = tableWith(identityColumnsSql);
    expect(() => db.prepare('INSERT INTO files (dev) VALUES (1)').run()).toThrow(/NOT NULL/);
  });
});
