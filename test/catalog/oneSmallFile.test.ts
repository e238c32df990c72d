import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { foldAll } from '../../src/catalog/parallelFold.js';
import { tempDir } from '../support/tempDir.js';

const imported = vi.hoisted(() => ({ splitFold: 0 }));
vi.mock('../../src/catalog/splitFold.js', async (importOriginal) => {
  imported.splitFold++;
  return await importOriginal();
});

/** A worker module that is never there: a part sent to it is folded in one piece instead. */
const NO_WORKER = new URL('file:///no-such-scan-worker.js');

describe('one file folded alone from its start (decision 103)', () => {
  it('under the size it would be split from, folds it here without loading the parts’ modules (the full decoding with them)', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 200_000, 31);
    const [result] = await foldAll([{ path }], { threads: 2, worker: NO_WORKER, splitFromBytes: 1_000_000 });
    expect(imported.splitFold).toBe(0);
    expect(result instanceof Error ? result : result?.summary).toEqual(foldFile({ path }).summary);
  });

  it('from that size, goes the parts’ way', async () => {
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 200_000, 32);
    const [result] = await foldAll([{ path }], { threads: 2, worker: NO_WORKER, splitFromBytes: 100_000 });
    expect(imported.splitFold).toBe(1);
    expect(result instanceof Error ? result : result?.summary).toEqual(foldFile({ path }).summary);
  });
});
