/**
 * The session search index (decisions 72 and 89): indexing rate against the parse floor, peak RSS
 * of indexing and of querying, and the median time of many different queries over the indexed tree.
 *
 *   npx tsx --expose-gc bench/search.bench.ts [--mb 200 | --gb 2] [--file-mb 20] [--queries 200] [--rounds 3] [--dir PATH] [--keep]
 *
 * The tree is `--mb` megabytes (or `--gb` gigabytes) of the seeded synthetic corpus, cut into
 * sessions of `--file-mb` across ten projects, written once into `.memlog-bench/`. Indexing runs
 * the built CLI (`npm run build` first, bin/memlog.js) as `memlog search` in a child under GNU
 * time (a fresh index), so its peak RSS and CPU are the command's own; the parse floor and memlog's
 * reader are timed here, file by file, before it. A `--gb` tree and its index are deleted at the
 * end unless `--keep`: they fill gigabytes of disk.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as search from '../src/search/index.js';
import { openSearchDb, searchEntries } from '../src/search/index.js';
import { readTranscriptSync } from '../src/transcript/index.js';
import { interleavedMedians, machineLine, median, streamFloor, timed } from './benchUtil.js';
import { parsedArgs } from './scriptArgs.js';
import { mulberry32, writeCorpus } from './corpus.js';
import { measurePeakRss, prepareRssRun, type PeakRss } from './peakRss.js';

const USAGE =
  'usage: npx tsx --expose-gc bench/search.bench.ts [--mb 200 | --gb 2] [--file-mb 20] [--queries 200] [--rounds 3] [--dir PATH] [--keep]';
const { values } = parsedArgs('bench/search.bench.ts', USAGE, () =>
  parseArgs({
    options: {
      mb: { type: 'string', default: '200' },
      gb: { type: 'string' },
      'file-mb': { type: 'string', default: '20' },
      queries: { type: 'string', default: '200' },
      dir: { type: 'string', default: join(process.cwd(), '.memlog-bench') },
      keep: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '3' },
    },
  }),
);
const mb = values.gb === undefined ? Number(values.mb) : Number(values.gb) * 1000;
const fileMb = Number(values['file-mb']);
const queryCount = Number(values.queries);
const CLI = join(process.cwd(), 'bin', 'memlog.js');

/** The tree: sessions of `fileMb` spread over ten projects, written once. */
function tree(): { root: string; files: string[]; bytes: number } {
  const root = join(values.dir, `search-tree-${mb}mb-${fileMb}`);
  const count = Math.max(1, Math.round(mb / fileMb));
  for (let i = 0; i < count; i++) {
    const project = join(root, `-home-bench-project-${i % 10}`);
    const file = join(project, `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.jsonl`);
    if (existsSync(file)) continue;
    mkdirSync(project, { recursive: true });
    writeCorpus(file, Math.round(fileMb * 1e6), 1000 + i);
  }
  const files = readdirSync(root).flatMap((p) => readdirSync(join(root, p)).map((f) => join(root, p, f)));
  return { root, files, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0) };
}

const WORDS = ['stream', 'buffer', 'parser', 'session', 'memory', 'offset', 'error', 'Zürich', 'résumé', 'chunk', 'index', 'update'];

/** Queries of one word, two words and a two-word phrase, drawn from the corpus's words: most of them different. */
function queries(count: number, seed: number): string[] {
  const r = mulberry32(seed);
  const pick = (): string => WORDS[Math.floor(r() * WORDS.length)] ?? 'stream';
  return Array.from({ length: count }, (_, i) => (i % 3 === 0 ? pick() : i % 3 === 1 ? `${pick()} ${pick()}` : `"${pick()} ${pick()}"`));
}

const percentile = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)] ?? NaN;
const mib = (run: PeakRss): string => `${((run.peakKiB ?? NaN) / 1024).toFixed(0)} MiB`;

/** The parse floor and memlog's reader over every file, one file at a time: wall ms of each. */
async function floors(files: readonly string[]): Promise<{ floorMs: number; floorCpuMs: number; readerMs: number }> {
  let floorMs = 0;
  const cpu = process.cpuUsage();
  for (const file of files) {
    const start = performance.now();
    await streamFloor(file);
    floorMs += performance.now() - start;
  }
  const used = process.cpuUsage(cpu);
  const floorCpuMs = (used.user + used.system) / 1000;
  // memlog's own reader (UTF-8 checked, every entry schema-checked): what any memlog command that reads pays first.
  let readerMs = 0;
  for (const file of files) readerMs += timed(() => [...readTranscriptSync(file)].length).ms;
  return { floorMs, floorCpuMs, readerMs };
}

/** `memlog search <query> <root>` in a child under GNU time: the whole command's wall time, CPU and peak RSS. */
async function searchCommand(temp: string, query: string, root: string, index: string): Promise<PeakRss> {
  const run = await measurePeakRss([CLI, 'search', query, root, '--index', index, '--json'], {
    cwd: process.cwd(),
    env: process.env,
    timeoutMs: 3_600_000,
    reportFile: join(temp, 'time.txt'),
    stderrFile: join(temp, 'stderr.txt'),
  });
  if (run.status !== 'ok') throw new Error(`memlog search failed: ${run.stderrTail}`);
  return run;
}

async function main(): Promise<void> {
  const { temp, cleanUp } = prepareRssRun(process.cwd(), 'memlog-search-bench-');
  console.log(machineLine());
  const { root, files, bytes } = tree();
  const index = join(values.dir, `search-index-${mb}mb.db`);
  const removeIndex = (): void => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(index + suffix, { force: true });
  };
  try {
    console.log(`tree: ${files.length} sessions, ${(bytes / 1e6).toFixed(0)} MB`);
    const { floorMs, floorCpuMs, readerMs } = await floors(files);
    removeIndex();
    const run = await searchCommand(temp, 'zzzz', root, index);
    report(bytes, { floorMs, floorCpuMs, readerMs }, run, index);
    await sideBySide(files[0] ?? '', join(temp, 'one-file.db'));
    queryTimes(index, root);
    const asked = queries(5, 11);
    const runs: PeakRss[] = [];
    for (const query of asked) runs.push(await searchCommand(temp, query, root, index));
    const peak = runs.reduce((most, r) => Math.max(most, r.peakKiB ?? NaN), 0);
    console.log(
      `memlog search <query> over the indexed tree (a command each, stat pass included), ${runs.length} queries: median ${(median(runs.map((r) => r.seconds ?? NaN)) * 1000).toFixed(0)} ms wall, peak RSS ${(peak / 1024).toFixed(0)} MiB`,
    );
    console.log(machineLine());
  } finally {
    cleanUp();
    if (values.gb !== undefined && !values.keep) {
      removeIndex();
      rmSync(root, { recursive: true, force: true });
    }
  }
}

function report(bytes: number, measured: { floorMs: number; floorCpuMs: number; readerMs: number }, run: PeakRss, index: string): void {
  const { floorMs, floorCpuMs, readerMs } = measured;
  const indexSeconds = run.seconds ?? NaN;
  const floorRate = bytes / 1e6 / (floorMs / 1000);
  const indexRate = bytes / 1e6 / indexSeconds;
  const readerRate = bytes / 1e6 / (readerMs / 1000);
  console.log(
    `parse floor (JSON.parse a line): ${floorRate.toFixed(1)} MB/s; memlog's reader: ${readerRate.toFixed(1)} MB/s; indexing (the whole command, start included): ${indexRate.toFixed(1)} MB/s = ${(indexRate / floorRate).toFixed(2)}× the parse floor, ${(indexRate / readerRate).toFixed(2)}× memlog's reader`,
  );
  console.log(
    `indexing: ${indexSeconds.toFixed(1)} s wall, ${(run.cpuSeconds ?? NaN).toFixed(1)} s CPU (every thread; the floor: ${(floorCpuMs / 1000).toFixed(1)} s CPU, ${(floorMs / 1000).toFixed(1)} s wall; CPU ratio ${(floorCpuMs / 1000 / (run.cpuSeconds ?? NaN)).toFixed(2)}×), peak RSS ${mib(run)}; index file: ${(statSync(index).size / 1e6).toFixed(0)} MB`,
  );
}

/**
 * One session file, the parse floor and the built package's indexing (a fresh index each time,
 * its parse worker included) in this process, round by round in turn: drift hits both alike.
 */
async function sideBySide(file: string, index: string): Promise<void> {
  const built = (await import(pathToFileURL(join(process.cwd(), 'dist', 'search', 'index.js')).href)) as typeof search;
  const lines = await streamFloor(file);
  const indexOnce = (): number => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(index + suffix, { force: true });
    const db = built.openSearchDb(index);
    try {
      const pass = built.indexSessions(db, built.findSessionFiles([file]));
      return pass.read === 1 && pass.entries > 0 ? lines : 0;
    } finally {
      db.close();
    }
  };
  const [floorMs = NaN, indexMs = NaN] = await interleavedMedians(
    [
      ['parse floor', streamFloor],
      ['indexing (built, in this process)', indexOnce],
    ],
    file,
    Number(values.rounds),
    lines,
  );
  const mb = statSync(file).size / 1e6;
  console.log(
    `side by side over one ${mb.toFixed(0)} MB session, median of ${values.rounds} interleaved rounds: parse floor ${floorMs.toFixed(0)} ms, indexing ${indexMs.toFixed(0)} ms = ${(floorMs / indexMs).toFixed(2)}× the parse floor`,
  );
}

/** Many different queries, in this process, over the index alone: what a search costs once the index is up to date. */
function queryTimes(index: string, root: string): void {
  const db = openSearchDb(index);
  try {
    const asked = queries(queryCount, 7);
    const distinct = new Set(asked).size;
    const roots = [root];
    const queryMs = asked.map((q) => timed(() => searchEntries(db, q, { limit: 20, roots })).ms);
    console.log(
      `query (index only, limit 20), median of ${asked.length} (${distinct} different): ${median(queryMs).toFixed(1)} ms; p90 ${percentile(queryMs, 0.9).toFixed(1)} ms; max ${Math.max(...queryMs).toFixed(1)} ms`,
    );
  } finally {
    db.close();
  }
}

await main();
