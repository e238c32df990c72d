import { appendFileSync, closeSync, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { foldFile, type FoldResult } from '../../src/catalog/foldFile.js';
import { foldAll, scanWorkerBeside } from '../../src/catalog/parallelFold.js';
import { foldRange, lineRanges, type FileRange } from '../../src/catalog/rangeFold.js';
import { CLI_BUNDLE } from '../support/cliBundle.js';
import { tempDir } from '../support/tempDir.js';

/** One job (a file, or a part of one) posted to a scan worker, and its reply. */
function foldInWorker(module: URL, path: string, range?: FileRange): Promise<unknown> {
  const worker = new Worker(module);
  return new Promise<unknown>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ index: 3, job: { path }, ...(range === undefined ? {} : { range }) });
  }).finally(() => void worker.terminate());
}

describe('the scan worker beside the CLI bundle the tests start', () => {
  it('is there, so the bundled CLI folds in worker threads, and folds a file as the calling thread does', async () => {
    const module = scanWorkerBeside(pathToFileURL(CLI_BUNDLE));
    expect(module?.href).toMatch(/scanWorker\.mjs$/);
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 200_000, 5, { compactions: 3 });
    const expected: FoldResult = foldFile({ path });
    expect(expected.forgotten.nodes.length).toBeGreaterThan(0);
    expect(await foldInWorker(module as URL, path)).toEqual({
      index: 3,
      folded: {
        row: expected.row,
        foldedOn: false,
        usage: expected.usage,
        forgotten: expected.forgotten,
        responses: expected.responses,
        tornResponses: expected.tornResponses,
      },
    });
  });

  it('folds a part of a file as the calling thread does, for a file folded in parts (decision 87)', async () => {
    const module = scanWorkerBeside(pathToFileURL(CLI_BUNDLE));
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 300_000, 6, { compactions: 2 });
    const fd = openSync(path, 'r');
    const [, second] = lineRanges(fd, fstatSync(fd).size, 2);
    closeSync(fd);
    expect(second).toBeDefined();
    const range = second as FileRange;
    expect(await foldInWorker(module as URL, path, range)).toEqual({ index: 3, part: foldRange(path, range) });
  });

  it('folds many files from one queue shared with this thread, each result at its file, a missing file as its error', async () => {
    const module = scanWorkerBeside(pathToFileURL(CLI_BUNDLE));
    const dir = tempDir();
    const paths = Array.from({ length: 12 }, (_, i) => join(dir, `s${i}.jsonl`));
    paths.forEach((path, i) => writeCorpus(path, 40_000 + 5_000 * i, 20 + i, { compactions: i % 3 }));
    // Lines only zod can judge, in some files: the thread that meets one loads the full decoding and folds the file again.
    for (const path of paths.filter((_, i) => i % 4 === 1))
      appendFileSync(path, `${JSON.stringify({ type: 'custom-title', customTitle: 'ti' })}\n`);
    const jobs = [...paths, join(dir, 'missing.jsonl')].map((path) => ({ path }));
    const results = await foldAll(jobs, { threads: 3, worker: module });
    expect(results.slice(0, -1)).toEqual(paths.map((path) => foldFile({ path })));
    expect(results.at(-1)).toBeInstanceOf(Error);
  });

  it('gives a file’s result to onResult as it is folded, in whichever thread, and a throw of onResult’s as foldAll’s (decision 98)', async () => {
    const module = scanWorkerBeside(pathToFileURL(CLI_BUNDLE));
    const dir = tempDir();
    const paths = Array.from({ length: 8 }, (_, i) => join(dir, `r${i}.jsonl`));
    paths.forEach((path, i) => writeCorpus(path, 30_000 + 4_000 * i, 70 + i));
    const jobs = paths.map((path) => ({ path }));
    const handed = new Map<number, unknown>();
    const results = await foldAll(jobs, { threads: 2, worker: module, onResult: (index, result) => handed.set(index, result) });
    expect([...handed.keys()].sort((a, b) => a - b)).toEqual(paths.map((_, i) => i));
    expect(paths.map((_, i) => handed.get(i))).toEqual(results);
    const failing = foldAll(jobs, {
      threads: 2,
      worker: module,
      onResult: () => {
        throw new Error('disk full');
      },
    });
    await expect(failing).rejects.toThrow('disk full');
  });

  it('is not found beside a module that has none (memlog from its sources folds on the calling thread)', () => {
    expect(scanWorkerBeside(pathToFileURL(join(tempDir(), 'cli.mjs')))).toBeNull();
  });
});
