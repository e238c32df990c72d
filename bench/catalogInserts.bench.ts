import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { scriptArgs } from './scriptArgs.js';
import Database from 'libsql';
import { machineLine, median } from './benchUtil.js';
import { mulberry32 } from './corpus.js';

/**
 * Ways of writing many small rows into a catalog-like table with libsql (decision 95), side by side, round by round in
 * turn on fresh files: one prepared single-row statement run per row (as decision 94 first did), the same with the rows
 * sorted by key, multi-row `INSERT … VALUES` of `--batch` rows per statement, and one statement over a JSON array
 * (`json_each`). Each case inserts the same `--rows` fingerprints (path, kind, high, low) in one transaction after a
 * DELETE, the way a first scan stores a file. Prints each case's median and its ratio to the first.
 */
const { values: args } = scriptArgs('bench/catalogInserts.bench.ts', {
  options: {
    rows: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '5' },
  },
});
const rows = Number(args.rows);
const batch = Number(args.batch);
const random = mulberry32(95);
const fingerprints = Array.from({ length: rows }, () => [(random() * 2 ** 32) >>> 0, (random() * 2 ** 32) >>> 0] as const);
const sorted = [...fingerprints].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const path = '/home/dev/.claude/projects/-home-dev-big/0f3c2a10-5b8e-4c1d-9a62-0e4f8d7b1c33.jsonl';
const tmp = mkdtempSync(join(tmpdir(), 'memlog-inserts-bench-'));

const SCHEMA = `CREATE TABLE forgotten (path TEXT NOT NULL, kind TEXT NOT NULL, high INTEGER NOT NULL, low INTEGER NOT NULL,
  PRIMARY KEY (path, kind, high, low)) WITHOUT ROWID;
CREATE TABLE forgotten_by_id (file INTEGER NOT NULL, kind INTEGER NOT NULL, high INTEGER NOT NULL, low INTEGER NOT NULL,
  PRIMARY KEY (file, kind, high, low)) WITHOUT ROWID;`;

function open(name: string): Database.Database {
  const db = new Database(join(tmp, `${name}.db`));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA);
  return db;
}

function oneByOne(db: Database.Database, list: ReadonlyArray<readonly [number, number]>): void {
  const put = db.prepare('INSERT OR IGNORE INTO forgotten (path, kind, high, low) VALUES (?, ?, ?, ?)');
  for (const [high, low] of list) put.run(path, 'nodes', high, low);
}

/** Rows inserted `batch` at a time with one multi-row statement (a shorter one for the last chunk). */
function inChunks(
  db: Database.Database,
  insert: string,
  placeholder: string,
  list: ReadonlyArray<readonly [number, number]>,
  valuesOf: (chunk: ReadonlyArray<readonly [number, number]>) => unknown[],
): void {
  const statementOf = (n: number): Database.Statement => db.prepare(`${insert} VALUES ${Array(n).fill(placeholder).join(', ')}`);
  const full = statementOf(batch);
  for (let at = 0; at < list.length; at += batch) {
    const chunk = list.slice(at, at + batch);
    (chunk.length === batch ? full : statementOf(chunk.length)).run(valuesOf(chunk));
  }
}

function multiRow(db: Database.Database, list: ReadonlyArray<readonly [number, number]>): void {
  inChunks(db, 'INSERT OR IGNORE INTO forgotten (path, kind, high, low)', '(?, ?, ?, ?)', list, (chunk) =>
    chunk.flatMap(([high, low]) => [path, 'nodes', high, low]),
  );
}

function jsonEach(db: Database.Database, list: ReadonlyArray<readonly [number, number]>): void {
  const put = db.prepare(
    "INSERT OR IGNORE INTO forgotten (path, kind, high, low) SELECT ?, 'nodes', value ->> 0, value ->> 1 FROM json_each(?)",
  );
  for (let at = 0; at < list.length; at += 4 * batch) put.run(path, JSON.stringify(list.slice(at, at + 4 * batch)));
}

/** The same rows keyed by an integer file id and kind (the sessions row's id) instead of the path's text; `?1`, `?2` bound once. */
function multiRowById(db: Database.Database, list: ReadonlyArray<readonly [number, number]>): void {
  inChunks(db, 'INSERT OR IGNORE INTO forgotten_by_id (file, kind, high, low)', '(?1, ?2, ?, ?)', list, (chunk) => [7, 0, ...chunk.flat()]);
}

function jsonEachById(db: Database.Database, list: ReadonlyArray<readonly [number, number]>): void {
  const put = db.prepare(
    'INSERT OR IGNORE INTO forgotten_by_id (file, kind, high, low) SELECT ?, 0, value ->> 0, value ->> 1 FROM json_each(?)',
  );
  for (let at = 0; at < list.length; at += 4 * batch) put.run(7, JSON.stringify(list.slice(at, at + 4 * batch)));
}

type Case = readonly [name: string, write: (db: Database.Database) => void];
const cases: Case[] = [
  ['one statement a row, unsorted', (db) => oneByOne(db, fingerprints)],
  ['one statement a row, sorted', (db) => oneByOne(db, sorted)],
  [`${batch} rows a statement, unsorted`, (db) => multiRow(db, fingerprints)],
  [`${batch} rows a statement, sorted`, (db) => multiRow(db, sorted)],
  [`json_each of ${4 * batch} rows, sorted`, (db) => jsonEach(db, sorted)],
  [`${batch} rows a statement, sorted, file id`, (db) => multiRowById(db, sorted)],
  [`json_each of ${4 * batch} rows, sorted, file id`, (db) => jsonEachById(db, sorted)],
];

console.log(machineLine());
console.log(`${rows} rows, libsql, one transaction each, ${args.rounds} rounds in turn`);
const samples = cases.map((): number[] => []);
for (let round = 0; round < Number(args.rounds); round++) {
  cases.forEach(([name, write], i) => {
    const db = open(`${round}-${i}`);
    const start = performance.now();
    db.exec('BEGIN IMMEDIATE');
    db.prepare('DELETE FROM forgotten WHERE path = ?').run(path);
    write(db);
    db.exec('COMMIT');
    const ms = performance.now() - start;
    const count = (
      db.prepare('SELECT (SELECT count(*) FROM forgotten) + (SELECT count(*) FROM forgotten_by_id) AS n').get() as { n: number }
    ).n;
    if (count !== new Set(fingerprints.map(([h, l]) => `${h}:${l}`)).size) throw new Error(`${name}: ${count} rows`);
    db.close();
    samples[i]?.push(ms);
  });
}
const first = median(samples[0] ?? []);
cases.forEach(([name], i) => {
  const ms = median(samples[i] ?? []);
  console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${(first / ms).toFixed(2)}×`);
});
rmSync(tmp, { recursive: true, force: true });
