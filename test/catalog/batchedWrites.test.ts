import { describe, expect, it } from 'vitest';
import { openCatalogDb, type CatalogDb } from '../../src/catalog/catalogDb.js';
import { CatalogRows, type CatalogRow } from '../../src/catalog/catalogRows.js';
import type { StoredUsage } from '../../src/catalog/usageTotals.js';
import { fingerprint, FingerprintSet } from '../../src/resume/fingerprintSet.js';

/** The database with every statement run counted (prepared ones and `exec`'s alike). */
function counting(db: CatalogDb): { readonly db: CatalogDb; readonly statements: () => number } {
  let statements = 0;
  const counted = <T extends object>(target: T, names: readonly string[]): T =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key, object);
        if (typeof value !== 'function') return value;
        if (key === 'prepare') return (sql: string) => counted(db.prepare(sql), ['run', 'get', 'all', 'iterate']);
        if (typeof key === 'string' && names.includes(key)) statements++;
        return (value as (...args: unknown[]) => unknown).bind(object);
      },
    });
  return { db: counted(db, ['exec']), statements: () => statements };
}

const row: CatalogRow = {
  identity: { dev: 1, ino: 2, size: 3, mtimeMs: 4, headBytes: 3, headHash: 'h' },
  endOffset: 3,
  endLine: 2,
  endHash: 'e',
  snapshot: '{}',
  summary: '{}',
};

const usageOf = (count: number, from = 0): StoredUsage[] =>
  Array.from({ length: count }, (_, i): StoredUsage => {
    const n = from + i;
    return [`msg_${n}`, n % 3 === 0 ? null : `claude-${n % 2}`, n, 2 * n, 3, 4, n % 5 === 0 ? '' : '2026-01-02'];
  });

const setOf = (texts: readonly string[]): FingerprintSet => {
  const set = new FingerprintSet();
  for (const text of texts) set.add(text);
  return set;
};

const uuids = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
const has = (rows: CatalogRows, path: string, kind: 'nodes' | 'progress', text: string): boolean =>
  rows.forgottenHas(path, kind, ...fingerprint(text));

describe("the catalog's writes (decision 95)", () => {
  it('stores thousands of a file’s messages and forgotten fingerprints with a few statements, and each reads back', () => {
    const { db, statements } = counting(openCatalogDb(':memory:'));
    const rows = new CatalogRows(db);
    const usage = usageOf(3_000);
    const forgotten = { nodes: setOf(uuids('u', 5_000)).sortedPairs(), progress: setOf(uuids('p', 1_200)).sortedPairs() };
    const before = statements();
    rows.putAll([{ path: '/s.jsonl', row, usage, forgotten, foldedOn: false }]);
    expect(statements() - before).toBeLessThan(40);
    for (const stored of usage) expect(rows.usageOf('/s.jsonl', stored[0])).toEqual(stored);
    expect(uuids('u', 5_000).every((uuid) => has(rows, '/s.jsonl', 'nodes', uuid))).toBe(true);
    expect(uuids('p', 1_200).every((uuid) => has(rows, '/s.jsonl', 'progress', uuid))).toBe(true);
    expect(has(rows, '/s.jsonl', 'progress', 'u-1')).toBe(false);
    expect(has(rows, '/other.jsonl', 'nodes', 'u-1')).toBe(false);
    expect(rows.usageOf('/other.jsonl', 'msg_1')).toBeUndefined();
  });

  it('a fold from the start replaces a file’s rows, a fold on adds to them, and other files keep theirs', () => {
    const db = openCatalogDb(':memory:');
    const rows = new CatalogRows(db);
    const forgottenOf = (nodes: readonly string[]) => ({ nodes: setOf(nodes).sortedPairs(), progress: new Uint32Array(0) });
    rows.putAll([
      { path: '/a.jsonl', row, usage: usageOf(700), forgotten: forgottenOf(uuids('a', 900)), foldedOn: false },
      { path: '/b.jsonl', row, usage: usageOf(10), forgotten: forgottenOf(uuids('b', 10)), foldedOn: false },
    ]);
    rows.putAll([{ path: '/a.jsonl', row, usage: usageOf(5, 698), forgotten: forgottenOf(['a-late']), foldedOn: true }]);
    const count = (table: string): number => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count('usage')).toBe(703 + 10);
    expect(count('forgotten')).toBe(901 + 10);
    expect(rows.usageOf('/a.jsonl', 'msg_702')).toEqual(usageOf(1, 702)[0]);
    expect(has(rows, '/a.jsonl', 'nodes', 'a-late') && has(rows, '/a.jsonl', 'nodes', 'a-0')).toBe(true);

    rows.putAll([{ path: '/a.jsonl', row, usage: usageOf(2), forgotten: forgottenOf([]), foldedOn: false }]);
    expect(count('usage')).toBe(2 + 10);
    expect(count('forgotten')).toBe(10);
    expect(has(rows, '/b.jsonl', 'nodes', 'b-9')).toBe(true);
  });
});
