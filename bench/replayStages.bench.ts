import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { toEntry } from '../src/transcript/entrySchema.js';
import { LineSplitter } from '../src/transcript/lineSplitter.js';
import { readTranscriptSync } from '../src/transcript/readTranscript.js';
import { interleavedMedians, streamFloor, type FileCase } from './benchUtil.js';
import { benchCorpus } from './corpus.js';
import { replayFileSync } from './syncReplay.js';
import { openSync, readSync, closeSync } from 'node:fs';

/**
 * Where the replay's time goes: the same corpus through cumulative stages, interleaved round by
 * round in one process, each against the floor. The difference between neighbouring stages is
 * the cost of the stage added; profile the one that grew.
 */
const { values: args } = scriptArgs('bench/replayStages.bench.ts', {
  options: { mb: { type: 'string', default: '100' }, rounds: { type: 'string', default: '5' }, dir: { type: 'string' } },
});
const mb = Number(args.mb);
const rounds = Number(args.rounds);
if (!(mb > 0) || !(rounds >= 1)) throw new Error('usage: replayStages.bench.ts [--mb 100] [--rounds 5] [--dir PATH]');
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));

/** memlog's splitter into a reused buffer, decode, JSON.parse, and optionally zod: no items made. */
function splitParse(file: string, validate: boolean): number {
  const splitter = new LineSplitter();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const fd = openSync(file, 'r');
  let n = 0;
  let position = 0;
  try {
    for (let read = readSync(fd, buffer, 0, buffer.length, position); read > 0; read = readSync(fd, buffer, 0, buffer.length, position)) {
      position += read;
      splitter.push(buffer.subarray(0, read), (line) => {
        if (line.bytes.length === 0) return;
        const value: unknown = JSON.parse(decoder.decode(line.bytes));
        if (validate && !toEntry(value).ok) throw new Error(`line ${line.line} does not validate`);
        n++;
      });
    }
  } finally {
    closeSync(fd);
  }
  return n;
}

function read(file: string): number {
  let n = 0;
  for (const item of readTranscriptSync(file)) if (item.kind === 'entry') n++;
  return n;
}

const cases: FileCase[] = [
  ['floor: stream + split + JSON.parse', streamFloor],
  ['1. sync read into a reused buffer + split + decode + JSON.parse', (file) => splitParse(file, false)],
  ['2. … + zod validation', (file) => splitParse(file, true)],
  ['3. readTranscriptSync (… + items, BOM/CR/blank checks)', read],
  ['4. … + the decider (3 triggers, coalescer)', (file) => replayFileSync(file, false)],
  ['5. … + conversation and safe-cuts projections', (file) => replayFileSync(file, true)],
];

const { file, stats } = benchCorpus(dir, mb);
const medians = await interleavedMedians(cases, file, rounds, stats.lines);
const floorMs = medians[0]!;
let previous = Number.NaN;
for (const [i, [name]] of cases.entries()) {
  const ms = medians[i]!;
  const added = i > 1 ? ` (+${(ms - previous).toFixed(0)} ms, ${(((ms - previous) * 1000) / stats.lines).toFixed(1)} µs/entry)` : '';
  console.log(`${name.padEnd(68)} ${ms.toFixed(0).padStart(6)} ms  ${(floorMs / ms).toFixed(2)}x floor${added}`);
  previous = ms;
}
