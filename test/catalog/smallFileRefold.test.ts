import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { openCatalogDb, type CatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { SessionCatalog, type CatalogAnswer } from '../../src/catalog/sessionCatalog.js';
import { tempDir } from '../support/tempDir.js';

const count = (db: CatalogDb, table: 'usage' | 'forgotten'): number =>
  (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const sourceOf = (answers: CatalogAnswer[]): unknown => (answers[0] && 'source' in answers[0] ? answers[0].source : answers[0]);
const summaryOf = (answers: CatalogAnswer[]): unknown => (answers[0] && 'summary' in answers[0] ? answers[0].summary : answers[0]);

/** A session with usage on every assistant line and five compactions (so its fold forgets fingerprints), and 1 MB more to append. */
function session(): { path: string; more: Buffer } {
  const dir = tempDir();
  const path = join(dir, 'session.jsonl');
  writeCorpus(path, 400_000, 21, { compactions: 5 });
  writeCorpus(join(dir, 'more.jsonl'), 200_000, 22);
  return { path, more: readFileSync(join(dir, 'more.jsonl')) };
}

describe('a file folded from its start on growth when its fold ended within 2 MiB (decision 103)', () => {
  it('keeps no usage or forgotten rows, and a growth folds it from its start to the whole fold’s summary', async () => {
    const { path, more } = session();
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db);
    expect(sourceOf(await catalog.summaries([path]))).toBe('read');
    expect([count(db, 'usage'), count(db, 'forgotten')]).toEqual([0, 0]);
    appendFileSync(path, more);
    const grown = await catalog.summaries([path]);
    expect(sourceOf(grown)).toBe('read');
    expect(summaryOf(grown)).toEqual(foldFile({ path }).summary);
    expect([count(db, 'usage'), count(db, 'forgotten')]).toEqual([0, 0]);
  });

  it('folds on, with its usage and forgotten rows, a file whose fold ended past the limit; from the start one that ended on it', async () => {
    const { path, more } = session();
    const size = statSync(path).size;
    const db = openCatalogDb(':memory:');
    const past = new SessionCatalog(db, { refoldUpToBytes: size - 1 });
    await past.summaries([path]);
    expect(count(db, 'usage')).toBeGreaterThan(0);
    expect(count(db, 'forgotten')).toBeGreaterThan(0);
    appendFileSync(path, more);
    const grown = await past.summaries([path]);
    expect(sourceOf(grown)).toBe('folded-on');
    expect(summaryOf(grown)).toEqual(foldFile({ path }).summary);

    const { path: other, more: otherMore } = session();
    const on = new SessionCatalog(openCatalogDb(':memory:'), { refoldUpToBytes: statSync(other).size });
    await on.summaries([other]);
    appendFileSync(other, otherMore);
    expect(sourceOf(await on.summaries([other]))).toBe('read');
  });
});
