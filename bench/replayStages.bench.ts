import { createReadStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createReplayDecider } from '../src/pipeline/replay.js';
import { conversationProjection } from '../src/projections/conversation.js';
import type { LogEntry } from '../src/projections/projection.js';
import { safeCutsProjection } from '../src/projections/safeCuts.js';
import { toEntry } from '../src/transcript/entrySchema.js';
import { LineSplitter } from '../src/transcript/lineSplitter.js';
import { readTranscriptSync } from '../src/transcript/readTranscript.js';
import { machineLine, median } from './benchUtil.js';
import { writeCorpus } from './corpus.js';
import { openSync, readSync, closeSync } from 'node:fs';

/**
 * Where the replay's time goes: the same corpus through cumulative stages, interleaved round by
 * round in one process, each against the floor. The difference between neighbouring stages is
 * the cost of the stage added; profile the one that grew.
 */
const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '100' }, rounds: { type: 'string', default: '5' }, dir: { type: 'string' } } });
const mb = Number(args.mb);
const rounds = Number(args.rounds);
if (!(mb > 0) || !(rounds >= 1)) throw new Error('usage: replayStages.bench.ts [--mb 100] [--rounds 5] [--dir PATH]');
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));

function floor(file: string): Promise<number> {
  return new Promise((done, fail) => {
    let n = 0;
    let carry = '';
    createReadStream(file, { encoding: 'utf8' })
      .on('data', (chunk) => {
        const text = carry + (chunk as string);
        let from = 0;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
          if (nl > from) {
            JSON.parse(text.slice(from, nl));
            n++;
          }
          from = nl + 1;
        }
        carry = text.slice(from);
      })
      .on('end', () => done(n))
      .on('error', fail);
  });
}

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

function decide(file: string, projections: boolean): number {
  const decider = createReplayDecider();
  let state = decider.initialState();
  let conversation = conversationProjection.initialState();
  let cuts = safeCutsProjection.initialState();
  let n = 0;
  for (const item of readTranscriptSync(file)) {
    if (item.kind !== 'entry') continue;
    n++;
    const event: LogEntry = { seq: item.seq, entry: item.entry };
    state = decider.step(state, { source: 'transcript', event })[0];
    if (projections) {
      conversation = conversationProjection.evolve(conversation, event);
      cuts = safeCutsProjection.evolve(cuts, event);
    }
  }
  decider.end(state);
  return n;
}

const cases: Array<[string, (file: string) => number | Promise<number>]> = [
  ['floor: stream + split + JSON.parse', floor],
  ['1. sync read into a reused buffer + split + decode + JSON.parse', (file) => splitParse(file, false)],
  ['2. … + zod validation', (file) => splitParse(file, true)],
  ['3. readTranscriptSync (… + items, BOM/CR/blank checks)', read],
  ['4. … + the decider (3 triggers, coalescer)', (file) => decide(file, false)],
  ['5. … + conversation and safe-cuts projections', (file) => decide(file, true)],
];

mkdirSync(dir, { recursive: true });
const file = join(dir, `corpus-${mb}mb-seed42.jsonl`);
const stats = writeCorpus(file, Math.round(mb * 1e6), 42);
console.log(machineLine());
console.log(`corpus: ${stats.lines} lines, ${(stats.bytes / 1e6).toFixed(0)} MB`);
const samples = cases.map((): number[] => []);
for (let r = -1; r < rounds; r++) {
  for (let k = 0; k < cases.length; k++) {
    const i = (Math.max(r, 0) + k) % cases.length;
    const [name, run] = cases[i]!;
    globalThis.gc?.();
    const start = performance.now();
    const n = await run(file);
    const ms = performance.now() - start;
    if (n !== stats.lines) throw new Error(`${name} saw ${n} entries, expected ${stats.lines}`);
    if (r >= 0) samples[i]!.push(ms);
  }
}
const floorMs = median(samples[0]!);
let previous = Number.NaN;
for (const [i, [name]] of cases.entries()) {
  const ms = median(samples[i]!);
  const added = i > 1 ? ` (+${(ms - previous).toFixed(0)} ms, ${(((ms - previous) * 1000) / stats.lines).toFixed(1)} µs/entry)` : '';
  console.log(`${name.padEnd(68)} ${ms.toFixed(0).padStart(6)} ms  ${(floorMs / ms).toFixed(2)}x floor${added}`);
  previous = ms;
}
