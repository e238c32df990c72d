import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb, type CatalogDb } from '../../src/catalog/catalogDb.js';
import { CatalogRows } from '../../src/catalog/catalogRows.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { usageReport, type UsageSession } from '../../src/report/usage/index.js';
import { assistantEntry, text } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';

let uuids = 0;
/** One response of `output` tokens at minute `minute` of 2026-01-01 10:00. */
const response = (messageId: string, output: number, minute: number): string => {
  const entry = assistantEntry(`entry-${uuids++}`, messageId, text('hi'), {
    usage: { input_tokens: 0, output_tokens: output },
    timestamp: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });
  return `${JSON.stringify({ ...entry, requestId: `req_${messageId}` })}\n`;
};

/**
 * The catalog `db` whose statements matching `sql` call `before` first, on their `nth` run (counted from 1), once:
 * where another memlog's commit lands in the middle of a read.
 */
function hooked(db: CatalogDb, sql: RegExp, nth: number, before: () => void): CatalogDb {
  let runs = 0;
  const run = (): void => {
    runs += 1;
    if (runs === nth) before();
  };
  return new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key, target) as unknown;
      return (text: string) => {
        const statement = target.prepare(text);
        if (!sql.test(text)) return statement;
        return new Proxy(statement, {
          get(inner, name) {
            const value = Reflect.get(inner, name, inner) as unknown;
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (name === 'get' || name === 'all') run();
              return (value as (...a: unknown[]) => unknown).apply(inner, args);
            };
          },
        });
      };
    },
  });
}

/** Output tokens by session and the total, as `report --usage --by session` counts them. */
async function outputBySession(catalog: SessionCatalog, paths: readonly string[]) {
  const sessions: UsageSession[] = (await catalog.summariesWithResponses(paths)).map((answer, at) => {
    if ('error' in answer) throw answer.error;
    return { project: 'p', session: `s${at}`, path: answer.path, summary: answer.summary, responses: answer.responses };
  });
  const report = usageReport(sessions, { by: 'session', prices: { date: 'd', source: 's', models: {} } });
  return { rows: report.rows.map((row) => [row.key, row.output]), total: report.total.output };
}

describe('a file’s summary and its counted responses are read together (decision 109)', () => {
  // s0 holds msg_1 and msg_2; s1 its own msg_3, and then another memlog stores a fold of s1 grown by a copy of msg_2.
  function setUp() {
    const dir = tempDir();
    const catalogPath = join(dir, 'catalog.db');
    const paths = [join(dir, 's0.jsonl'), join(dir, 's1.jsonl')] as const;
    writeFileSync(paths[0], response('msg_1', 10, 0) + response('msg_2', 100, 5));
    writeFileSync(paths[1], response('msg_3', 1000, 30));
    const otherMemlog = (): void => {
      appendFileSync(paths[1], response('msg_2', 100, 5));
      const other = openCatalogDb(catalogPath);
      new CatalogRows(other).putAll([{ ...foldFile({ path: paths[1] }), path: paths[1] }]);
      other.close();
    };
    return { catalogPath, paths, otherMemlog };
  }

  it('pairs a summary with the responses of the same fold when another memlog stores a growth’s between the reads', async () => {
    const { catalogPath, paths, otherMemlog } = setUp();
    // Just before s1's responses are read, after its summary was.
    const db = hooked(openCatalogDb(catalogPath), /FROM responses/, 2, otherMemlog);
    try {
      expect(await outputBySession(new SessionCatalog(db), paths)).toEqual({
        rows: [
          ['s0', 110],
          ['s1', 1000],
        ],
        total: 1110,
      });
    } finally {
      db.close();
    }
  });

  it('takes the newer summary with its responses when that fold was stored after this call had its own', async () => {
    const { catalogPath, paths, otherMemlog } = setUp();
    // The third read of a row's head: the first two were this call's, before it folded the two files.
    const db = hooked(openCatalogDb(catalogPath), /^SELECT dev, ino/, 3, otherMemlog);
    try {
      const catalog = new SessionCatalog(db);
      expect(await outputBySession(catalog, paths)).toEqual({
        rows: [
          ['s0', 110],
          ['s1', 1000],
        ],
        total: 1110,
      });
      const [, grown] = await catalog.summariesWithResponses(paths);
      expect(grown && 'summary' in grown ? [grown.summary.usage.output, grown.responses.size] : grown).toEqual([1100, 2]);
    } finally {
      db.close();
    }
  });
});
