/**
 * The session search index (decision 72): indexing rate against the parse floor, peak RSS of the
 * indexing command, and the median time of many queries over the indexed tree.
 *
 *   npx tsx --expose-gc bench/search.bench.ts [--mb 200] [--file-mb 20] [--queries 200] [--dir PATH]
 *
 * The tree is `--mb` megabytes of the seeded synthetic corpus, cut into sessions of `--file-mb`
 * across projects, written once into `.memlog-bench/`. Indexing runs as `memlog search` in a child
 * under GNU time (a fresh index), so its peak RSS is the command's own.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSearchDb, searchEntries, searchSessions } from '../src/search/index.js';
import { readTranscriptSync } from '../src/transcript/index.js';
import { machineLine, median, streamFloor, timed } from './benchUtil.js';
import { mulberry32, writeCorpus } from './corpus.js';
import { assertGnuTime, measurePeakRss } from './peakRss.js';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    'file-mb': { type: 'string', default: '20' },
    queries: { type: 'string', default: '200' },
    dir: { type: 'string', default: join(process.cwd(), '.memlog-bench') },
  },
});
const mb = Number(values.mb);
const fileMb = Number(values['file-mb']);
const queryCount = Number(values.queries);

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

function queries(): string[] {
  const r = mulberry32(7);
  const pick = (): string => WORDS[Math.floor(r() * WORDS.length)]!;
  return Array.from({ length: queryCount }, (_, i) =>
    i % 3 === 0 ? pick() : i % 3 === 1 ? `${pick()} ${pick()}` : `"${pick()} ${pick()}"`,
  );
}

async function main(): Promise<void> {
  assertGnuTime();
  console.log(machineLine());
  const { root, files, bytes } = tree();
  console.log(`tree: ${files.length} sessions, ${(bytes / 1e6).toFixed(0)} MB`);
  let floorMs = 0;
  for (const file of files) floorMs += (await timedFloor(file)).ms;
  // memlog's own reader (UTF-8 checked, every entry schema-checked): what any memlog command that reads pays first.
  let readerMs = 0;
  for (const file of files) readerMs += timed(() => [...readTranscriptSync(file)].length).ms;
  const index = join(values.dir, `search-index-${mb}mb.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(index + suffix, { force: true });
  const run = await measurePeakRss(['--import', 'tsx', 'test/support/cliEntry.ts', 'search', 'zzzz', root, '--index', index, '--json'], {
    cwd: process.cwd(),
    env: process.env,
    timeoutMs: 3_600_000,
    reportFile: join(values.dir, 'search-time.txt'),
    stderrFile: join(values.dir, 'search-stderr.txt'),
  });
  if (run.status !== 'ok') throw new Error(`indexing failed: ${run.stderrTail}`);
  const indexSeconds = run.seconds ?? NaN;
  const floorRate = bytes / 1e6 / (floorMs / 1000);
  const indexRate = bytes / 1e6 / indexSeconds;
  const readerRate = bytes / 1e6 / (readerMs / 1000);
  console.log(
    `parse floor (JSON.parse a line): ${floorRate.toFixed(1)} MB/s; memlog's reader: ${readerRate.toFixed(1)} MB/s; indexing (the whole command, start included): ${indexRate.toFixed(1)} MB/s = ${(indexRate / floorRate).toFixed(2)}× the parse floor, ${(indexRate / readerRate).toFixed(2)}× memlog's reader`,
  );
  console.log(
    `indexing peak RSS: ${((run.peakKiB ?? NaN) / 1024).toFixed(0)} MiB; index file: ${(statSync(index).size / 1e6).toFixed(0)} MB`,
  );
  const db = openSearchDb(index);
  const asked = queries();
  const queryMs = asked.map((q) => timed(() => searchEntries(db, q, { limit: 20 })).ms);
  db.close();
  console.log(
    `query (index only), median of ${asked.length}: ${median(queryMs).toFixed(1)} ms; p90 ${percentile(queryMs, 0.9).toFixed(1)} ms`,
  );
  const fullMs = asked.slice(0, 30).map((q) => timed(() => searchSessions(index, [root], q, { limit: 20 })).ms);
  console.log(`query with the incremental stat pass over the tree, median of ${fullMs.length}: ${median(fullMs).toFixed(1)} ms`);
}

const percentile = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)] ?? NaN;

async function timedFloor(file: string): Promise<{ ms: number }> {
  const start = performance.now();
  await streamFloor(file);
  return { ms: performance.now() - start };
}

await main();
