import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogDb } from '../../src/catalog/catalogDb.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { foldAll } from '../../src/catalog/parallelFold.js';
import type { FoldResult } from '../../src/catalog/foldFileCore.js';
import { SessionCatalog } from '../../src/catalog/sessionCatalog.js';
import { writeCorpus } from '../../bench/corpus.js';
import { tempDir } from '../support/tempDir.js';

describe('each file’s result as it is folded (decision 98)', () => {
  it('is handed over before the next file is folded, so the catalog writes it while the other threads fold', async () => {
    const dir = tempDir();
    const [first, second] = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    writeCorpus(first, 30_000, 3);
    const handed: number[] = [];
    // The second file exists only once the first file's result was handed over.
    const results = await foldAll([{ path: first }, { path: second }], {
      threads: 1,
      worker: null,
      onResult: (index) => {
        handed.push(index);
        if (index === 0) writeCorpus(second, 30_000, 4);
      },
    });
    expect(handed).toEqual([0, 1]);
    expect(results).toEqual([foldFile({ path: first }), foldFile({ path: second })]);
  });

  it('hands over a file that cannot be read as its error, once', async () => {
    const handed: Array<FoldResult | Error> = [];
    const results = await foldAll([{ path: join(tempDir(), 'missing.jsonl') }], {
      threads: 1,
      worker: null,
      onResult: (_, result) => handed.push(result),
    });
    expect(handed).toHaveLength(1);
    expect(handed[0]).toBeInstanceOf(Error);
    expect(results).toEqual(handed);
  });

  it('leaves the catalog with every row, and none for a file that failed', async () => {
    const dir = tempDir();
    const paths = Array.from({ length: 5 }, (_, i) => join(dir, `s${i}.jsonl`));
    paths.forEach((path, i) => writeCorpus(path, 20_000 + 3_000 * i, 40 + i, { compactions: i % 2 }));
    writeFileSync(join(dir, 'empty.jsonl'), '');
    const db = openCatalogDb(':memory:');
    const answers = await new SessionCatalog(db).summaries([...paths, join(dir, 'missing.jsonl')]);
    expect(answers.slice(0, -1).map((answer) => ('summary' in answer ? answer.summary : answer))).toEqual(
      paths.map((path) => foldFile({ path }).summary),
    );
    expect(answers.at(-1)).toHaveProperty('error');
    expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toMatchObject({ n: paths.length });
    expect(db.inTransaction).toBe(false);
  });
});

describe('summaries asked of one catalog at the same time', () => {
  it('are each answered, the second fold waiting for the first one’s transaction', async () => {
    const dir = tempDir();
    const paths = Array.from({ length: 4 }, (_, i) => join(dir, `t${i}.jsonl`));
    paths.forEach((path, i) => writeCorpus(path, 20_000, 60 + i));
    const db = openCatalogDb(':memory:');
    const catalog = new SessionCatalog(db);
    const [first, second] = await Promise.all([catalog.summaries(paths.slice(0, 2)), catalog.summaries(paths.slice(2))]);
    expect([...(first ?? []), ...(second ?? [])].map((answer) => ('summary' in answer ? answer.summary : answer))).toEqual(
      paths.map((path) => foldFile({ path }).summary),
    );
    expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toMatchObject({ n: 4 });
  });
});
