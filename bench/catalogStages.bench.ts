import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { lightEntry } from '../src/resume/lightEntry.js';
import type { Entry } from '../src/transcript/entrySchema.js';
import { LineSplitter, type RawLine } from '../src/transcript/lineSplitter.js';
import { windowKeeps } from '../src/catalog/chainWindow.js';
import { CUT_FROM_BYTES } from '../src/catalog/fastLineDecoder.js';
import { RunningCrc } from '../src/catalog/fileRange.js';
import { foldFile } from '../src/catalog/foldFile.js';
import { lightEntriesOf } from '../src/catalog/lightEntriesOf.js';
import { factsOf } from '../src/catalog/lineFacts.js';
import { scanInto } from '../src/catalog/scanFile.js';
import { SessionFold } from '../src/catalog/sessionFold.js';
import { skeletonOf } from '../src/catalog/skeletonLine.js';
import { surelyValid } from '../src/catalog/surelyValid.js';
import { machineLine, median } from './benchUtil.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, writeCorpus } from './corpus.js';

/**
 * Where the first scan's CPU goes (decision 99): the per-file work of the catalog's fold over a tree of generated
 * sessions (bench/catalog.bench.ts's), on one thread, cut after each stage: read, line split, UTF-8 check, long-string
 * scan, JSON.parse, the schema check, the facts and light entries, the fold, the CRC-32 taken as read, the summary, the
 * rest of the row (decision 103). Each stage runs in a fresh process
 * (as each scan thread starts cold), twice over the tree: the first pass is what a scan thread pays, the second the warm
 * cost. A stage's cost is its total less the stage before's.
 */
const USAGE = 'usage: npx tsx bench/catalogStages.bench.ts [--sessions 200] [--rounds 3] [--dir <tree, made when absent>]';
const { values: args } = scriptArgs('bench/catalogStages.bench.ts', {
  options: {
    sessions: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    dir: { type: 'string' },
    stage: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const chunk = Buffer.allocUnsafe(1024 * 1024);

/** Reads the file in chunks, handing each to `each`. */
function readChunks(path: string, each: (bytes: Buffer) => void): void {
  const fd = openSync(path, 'r');
  try {
    for (let position = 0; ;) {
      const read = readSync(fd, chunk, 0, chunk.length, position);
      if (read === 0) break;
      position += read;
      each(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}

/** The line's value up to `stage` of the fast decoder's path (fastLineDecoder.ts), or undefined when it stops earlier. */
function lineUpTo(stage: number, line: RawLine): unknown {
  const short = line.bytes.length < CUT_FROM_BYTES;
  let text: string | undefined;
  if (short) text = strictUtf8.decode(line.bytes);
  else if (!isUtf8(line.bytes)) return undefined;
  if (stage < 3) return undefined;
  if (!short) text = skeletonOf(line.bytes)?.text;
  if (stage < 4 || text === undefined) return undefined;
  const value: unknown = JSON.parse(text);
  if (stage < 5) return value;
  if (!surelyValid(value)) return undefined;
  if (stage < 6) return value;
  const entry = value as Entry;
  return { facts: factsOf(entry, line.line), light: windowKeeps(entry.type) ? lightEntry(entry) : null };
}

const STAGES: ReadonlyArray<readonly [name: string, run: (path: string) => number]> = [
  ['read (1 MiB chunks)', (path) => count((n) => readChunks(path, (bytes) => (n.value += bytes[0] ?? 0)))],
  ['+ line split', (path) => count((n) => split(path, () => n.value++))],
  ['+ UTF-8 (decode short lines, isUtf8 the others)', (path) => count((n) => split(path, (line) => void lineUpTo(2, line), n))],
  ['+ skeletonOf (lines to cut)', (path) => count((n) => split(path, (line) => void lineUpTo(3, line), n))],
  ['+ JSON.parse', (path) => count((n) => split(path, (line) => void lineUpTo(4, line), n))],
  ['+ surelyValid', (path) => count((n) => split(path, (line) => void lineUpTo(5, line), n))],
  ['+ factsOf, lightEntry', (path) => count((n) => split(path, (line) => void lineUpTo(6, line), n))],
  ['+ decoder and SessionFold.add (scanInto)', (path) => scanFold(path, false, false)],
  ['+ CRC-32 of the bytes read (RunningCrc)', (path) => scanFold(path, true, false)],
  ['+ the summary: resumed chain, sums (summarize)', (path) => scanFold(path, true, true)],
  ['+ the row: identity, snapshot, JSON, hashes (foldFile)', (path) => foldFile({ path }).row.endLine],
];

function count(body: (n: { value: number }) => void): number {
  const n = { value: 0 };
  body(n);
  return n.value;
}

function split(path: string, emit: (line: RawLine) => void, n?: { value: number }): void {
  const splitter = new LineSplitter();
  readChunks(path, (bytes) =>
    splitter.push(bytes, (line) => {
      emit(line);
      if (n !== undefined) n.value++;
    }),
  );
}

/** The fold of the file, with the CRC-32 taken as it is read and the summary made when asked (decision 103: the row in pieces). */
function scanFold(path: string, hashed: boolean, summarised: boolean): number {
  const fd = openSync(path, 'r');
  try {
    const fold = new SessionFold();
    const crc = hashed ? new RunningCrc(0) : undefined;
    const end = scanInto(fold, fd, { offset: 0, line: 1 }, Number.MAX_SAFE_INTEGER, crc?.add);
    const chain = summarised ? fold.summarize(() => lightEntriesOf(path)).chain.length : 0;
    return end.line + chain + (crc?.hashOf(fd, 0, end.offset) ?? 0);
  } finally {
    closeSync(fd);
  }
}

function sessionFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name));
}

/** One stage in this process: two passes over the tree, each timed in CPU (this thread) and wall. */
function runStage(stage: number, dir: string): void {
  const [, run] = STAGES[stage] ?? [];
  if (run === undefined) throw new Error(`no stage ${stage}`);
  const files = sessionFiles(dir);
  const passes = [0, 1].map(() => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    let sink = 0;
    for (const file of files) sink += run(file);
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000, sink };
  });
  console.log(JSON.stringify(passes));
}

function makeTree(dir: string, sessions: number): void {
  for (let i = 0; i < sessions; i++) {
    const project = join(dir, `-home-dev-p${i % 10}`);
    mkdirSync(project, { recursive: true });
    writeCorpus(join(project, `session-${String(i).padStart(3, '0')}.jsonl`), 1e6, 1000 + i, {
      compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS,
    });
  }
}

function main(): void {
  const dir = args.dir ?? join(tmpdir(), `memlog-stages-${args.sessions}`);
  if (!existsSync(dir)) makeTree(dir, Number(args.sessions));
  console.log(machineLine());
  console.log(`${sessionFiles(dir).length} sessions under ${dir}`);
  const self = fileURLToPath(import.meta.url);
  const samples = STAGES.map(() => ({ cold: [] as number[], warm: [] as number[] }));
  for (let round = 0; round < Number(args.rounds); round++)
    STAGES.forEach((_, stage) => {
      const child = spawnSync(process.execPath, [...process.execArgv, self, '--stage', String(stage), '--dir', dir], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      const [cold, warm] = JSON.parse(child.stdout.trim().split('\n').pop() ?? '[]') as Array<{ cpu: number }>;
      samples[stage]?.cold.push(cold?.cpu ?? NaN);
      samples[stage]?.warm.push(warm?.cpu ?? NaN);
    });
  console.log('| stage | cumulative CPU, first pass (cold) | this stage | second pass (warm) | this stage |');
  console.log('|---|---|---|---|---|');
  let before = { cold: 0, warm: 0 };
  STAGES.forEach(([name], stage) => {
    const cold = median(samples[stage]?.cold ?? []);
    const warm = median(samples[stage]?.warm ?? []);
    console.log(
      `| ${name} | ${cold.toFixed(0)} ms | ${(cold - before.cold).toFixed(0)} ms | ${warm.toFixed(0)} ms | ${(warm - before.warm).toFixed(0)} ms |`,
    );
    before = { cold, warm };
  });
}

if (args.stage === undefined) main();
else runStage(Number(args.stage), args.dir ?? '');
