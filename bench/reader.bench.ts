import { createReadStream, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import ndjson from 'ndjson';
import type { ReadItem } from '../src/transcript/readItem.js';
import { readTranscript, readTranscriptBatches, readTranscriptSync } from '../src/transcript/readTranscript.js';
import { writeCorpus } from './corpus.js';

/** What a pass saw; every case must report the same, or it did not do the same work. */
interface Tally {
  entries: number;
  chars: number;
  assistants: number;
  diagnostics: number;
}

interface Case {
  readonly name: string;
  readonly run: (file: string) => Tally | Promise<Tally>;
}

const { values: args } = scriptArgs('bench/reader.bench.ts', {
  options: {
    mb: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    seed: { type: 'string', default: '42' },
    dir: { type: 'string' },
  },
});
const mb = Number(args.mb);
const rounds = Number(args.rounds);
const warmup = Number(args.warmup);
const seed = Number(args.seed);
if (![mb, rounds, warmup, seed].every(Number.isFinite) || mb <= 0 || rounds < 1 || warmup < 0) {
  throw new Error('usage: reader.bench.ts [--mb 100] [--rounds 5] [--warmup 1] [--seed 42] [--dir PATH]');
}
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));

const newTally = (): Tally => ({ entries: 0, chars: 0, assistants: 0, diagnostics: 0 });

function countItem(tally: Tally, item: ReadItem): void {
  if (item.kind === 'diagnostic') {
    tally.diagnostics++;
    return;
  }
  tally.entries++;
  tally.chars += item.raw.length;
  if (item.entry.type === 'assistant') tally.assistants++;
}

/** PERFORMANCE.md's a-raw-split-parse: utf8 stream, 64 KB chunks, hand split, JSON.parse. */
function floor(file: string): Promise<Tally> {
  return new Promise((done, fail) => {
    const tally = newTally();
    let parts: string[] = [];
    const onLine = (line: string): void => {
      if (line.length === 0) return;
      const value = JSON.parse(line) as { type?: unknown };
      tally.entries++;
      tally.chars += line.length;
      if (value.type === 'assistant') tally.assistants++;
    };
    createReadStream(file, { encoding: 'utf8' })
      .on('data', (chunk) => {
        const text = chunk as string;
        let from = 0;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
          if (parts.length > 0) {
            parts.push(text.slice(from, nl));
            onLine(parts.join(''));
            parts = [];
          } else {
            onLine(text.slice(from, nl));
          }
          from = nl + 1;
        }
        if (from < text.length) parts.push(text.slice(from));
      })
      .on('end', () => {
        if (parts.length > 0) onLine(parts.join(''));
        done(tally);
      })
      .on('error', fail);
  });
}

function memlogSync(file: string): Tally {
  const tally = newTally();
  for (const item of readTranscriptSync(file)) countItem(tally, item);
  return tally;
}

function memlogObservable(file: string): Promise<Tally> {
  return new Promise((done, fail) => {
    const tally = newTally();
    readTranscriptBatches(file).subscribe({
      next: (batch) => {
        for (const item of batch) countItem(tally, item);
      },
      error: fail,
      complete: () => done(tally),
    });
  });
}

/** The ndjson package's parser (split2 + JSON.parse in a Transform), no validation: the library alternative to a hand split. */
function ndjsonParse(file: string): Promise<Tally> {
  return new Promise((done, fail) => {
    const tally = newTally();
    createReadStream(file)
      .pipe(ndjson.parse())
      .on('data', (value: { type?: unknown }) => {
        tally.entries++;
        if (value.type === 'assistant') tally.assistants++;
      })
      .on('end', () => done(tally))
      .on('error', fail);
  });
}

function memlogPerItem(file: string): Promise<Tally> {
  return new Promise((done, fail) => {
    const tally = newTally();
    readTranscript(file).subscribe({ next: (item) => countItem(tally, item), error: fail, complete: () => done(tally) });
  });
}

const CASES: readonly Case[] = [
  { name: 'a floor: stream+split+JSON.parse', run: floor },
  { name: 'b memlog readTranscriptSync', run: memlogSync },
  { name: 'c memlog readTranscriptBatches', run: memlogObservable },
  { name: 'd memlog readTranscript (per item)', run: memlogPerItem },
  { name: 'e ndjson.parse (no validation)', run: ndjsonParse },
];
const SHORT = ['floor', 'sync', 'observable batches', 'observable per item', 'ndjson'];

const gc = globalThis.gc;
const mib = (kib: number): string => `${(kib / 1024).toFixed(0)} MB`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function timed(c: Case, file: string): Promise<{ ms: number; tally: Tally }> {
  gc?.();
  const start = performance.now();
  const tally = await c.run(file);
  return { ms: performance.now() - start, tally };
}

function check(c: Case, tally: Tally, expected: Tally): void {
  // ndjson hands out parsed values only, so it cannot count the raw characters.
  if (c.run === ndjsonParse) tally.chars = expected.chars;
  const same = tally.entries === expected.entries && tally.chars === expected.chars && tally.assistants === expected.assistants;
  if (!same || tally.diagnostics !== 0) {
    throw new Error(`${c.name} did different work: ${JSON.stringify(tally)}, expected ${JSON.stringify(expected)}`);
  }
}

function machine(): string {
  const cpu = cpus();
  return `machine: ${cpu.length} cpus (${cpu[0]?.model.trim() ?? '?'}), node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

function warnIfBusy(): void {
  if ((loadavg()[0] ?? 0) > cpus().length * 0.5)
    console.log(
      'WARNING: the machine is busy (1-min load above half the cpus): absolute numbers are noisy; trust only the interleaved ratios.',
    );
}

async function main(): Promise<void> {
  console.log(machine());
  if (gc === undefined)
    console.log('WARNING: global.gc is missing; run under --expose-gc (npm run bench does). Samples are not GC-isolated.');
  warnIfBusy();

  mkdirSync(dir, { recursive: true });
  const file = join(dir, `corpus-${mb}mb-seed${seed}.jsonl`);
  const genStart = performance.now();
  const stats = writeCorpus(file, Math.round(mb * 1e6), seed);
  const pct = (n: number): string => `${((100 * n) / stats.lines).toFixed(1)}%`;
  console.log(`corpus: ${file}`);
  console.log(
    `  ${fmt(stats.bytes)} bytes, ${fmt(stats.lines)} lines, avg ${fmt(stats.bytes / stats.lines)} B, max line ${fmt(stats.maxLine)} B, ${pct(stats.nonAsciiLines)} non-ASCII, written in ${fmt(performance.now() - genStart)} ms`,
  );
  console.log(`  sizes <300B/300B-1K/1-5K/5-20K/20-200K/>200K: ${stats.sizeBuckets.map(pct).join(' / ')}`);
  console.log(
    `  types: ${Object.entries(stats.byType)
      .map(([t, n]) => `${t} ${pct(n)}`)
      .join(', ')}`,
  );

  const expected: Tally = { entries: stats.lines, chars: stats.chars, assistants: stats.byType['assistant'] ?? 0, diagnostics: 0 };

  for (let w = 0; w < warmup; w++) for (const c of CASES) check(c, (await timed(c, file)).tally, expected);
  const samples = CASES.map((): number[] => []);
  for (let r = 0; r < rounds; r++) {
    const line: string[] = [];
    for (let k = 0; k < CASES.length; k++) {
      const i = (r + k) % CASES.length; // rotate who goes first, so no case always follows the same one
      const c = CASES[i] as Case;
      const { ms, tally } = await timed(c, file);
      check(c, tally, expected);
      samples[i]?.push(ms);
      line.push(`${c.name.slice(0, 1)} ${fmt(ms)}`);
    }
    console.log(`round ${r + 1}/${rounds}: ${line.join(', ')} ms`);
  }

  const mbs = stats.bytes / 1e6;
  const floorMedian = median(samples[0] ?? []);
  const floorMin = Math.min(...(samples[0] ?? []));
  console.log(
    `\n${'case'.padEnd(34)}${['min ms', 'median ms', 'MB/s med', 'MB/s best', 'entries/s med', 'vs floor med', 'vs floor min'].map((h) => h.padStart(14)).join('')}`,
  );
  const ratios: string[] = [];
  CASES.forEach((c, i) => {
    const xs = samples[i] ?? [];
    const med = median(xs);
    const min = Math.min(...xs);
    const cells = [
      fmt(min),
      fmt(med),
      fmt(mbs / (med / 1000), 1),
      fmt(mbs / (min / 1000), 1),
      fmt(stats.lines / (med / 1000)),
      `${(floorMedian / med).toFixed(2)}x`,
      `${(floorMin / min).toFixed(2)}x`,
    ];
    console.log(`${c.name.padEnd(34)}${cells.map((s) => s.padStart(14)).join('')}`);
    if (i > 0) ratios.push(`${SHORT[i] ?? c.name} ${(floorMedian / med).toFixed(2)}x`);
  });
  console.log(
    `\n${fmt(stats.lines)} entries in every case (checked); ${rounds} rounds, ${warmup} warm-up, gc() ${gc ? 'before each sample' : 'UNAVAILABLE'}`,
  );
  console.log(`peak RSS (whole process, all cases): ${mib(process.resourceUsage().maxRSS)}`);
  console.log(machine());
  warnIfBusy();
  console.log(`reader/floor: ${ratios.join(', ')}`);
}

await main();
