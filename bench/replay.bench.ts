import { spawnSync } from 'node:child_process';
import { createReadStream, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tap } from 'rxjs';
import { conversationProjection } from '../src/projections/conversation.js';
import { safeCutsProjection } from '../src/projections/safeCuts.js';
import { createReplayDecider, replayDecisions } from '../src/pipeline/replay.js';
import type { LogEntry } from '../src/projections/projection.js';
import { readTranscript, readTranscriptSync } from '../src/transcript/readTranscript.js';
import { writeCorpus } from './corpus.js';

/**
 * Replay throughput: read + validate + every trigger (+ the conversation and safe-cuts
 * projections for the sync case) against the raw floor (stream + split + JSON.parse), on the
 * same corpus, interleaved round by round, gc() before each sample. Prints ratios.
 */
const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '100' }, rounds: { type: 'string', default: '5' }, dir: { type: 'string' } } });
const mb = Number(args.mb);
const rounds = Number(args.rounds);
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

/** Streams: nothing is held but the projections' state. */
function replayFull(file: string): number {
  const decider = createReplayDecider();
  let state = decider.initialState();
  let conversation = conversationProjection.initialState();
  let cuts = safeCutsProjection.initialState();
  let entries = 0;
  for (const item of readTranscriptSync(file)) {
    if (item.kind !== 'entry') continue;
    entries++;
    const event: LogEntry = { seq: item.seq, entry: item.entry };
    state = decider.step(state, { source: 'transcript', event })[0];
    conversation = conversationProjection.evolve(conversation, event);
    cuts = safeCutsProjection.evolve(cuts, event);
  }
  decider.end(state);
  return entries;
}

function replayStream(file: string): Promise<number> {
  return new Promise((done, fail) => {
    let entries = 0;
    const items = readTranscript(file).pipe(tap((item) => (entries += item.kind === 'entry' ? 1 : 0)));
    replayDecisions(items).subscribe({ error: fail, complete: () => done(entries) });
  });
}

/** `jq -c .` over the same file, output discarded: what a shell one-liner costs. Counts lines itself. */
function jq(file: string): number {
  const run = spawnSync('jq', ['-c', '.', file], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`jq failed: ${run.stderr?.toString() ?? run.error?.message}`);
  return Number.POSITIVE_INFINITY;
}
const hasJq = spawnSync('jq', ['--version']).status === 0;

const cases: Array<[string, (file: string) => number | Promise<number>]> = [
  ['floor: stream + split + JSON.parse', floor],
  ['replay, sync: read, validate, 3 triggers, coalescer, conversation, safe cuts', replayFull],
  ['replay, RxJS: readTranscript → replayDecisions (scan)', replayStream],
  ...(hasJq ? [['jq -c . (external process, output discarded)', jq] as [string, (file: string) => number]] : []),
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
mkdirSync(dir, { recursive: true });
const file = join(dir, `corpus-${mb}mb-seed42.jsonl`);
const stats = writeCorpus(file, Math.round(mb * 1e6), 42);
console.log(`machine: ${cpus().length} cpus, node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
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
    if (n < stats.lines) throw new Error(`${name} saw ${n} entries, expected ${stats.lines}`);
    if (r >= 0) samples[i]!.push(ms);
  }
}
const floorMs = median(samples[0]!);
for (const [i, [name]] of cases.entries()) {
  const ms = median(samples[i]!);
  console.log(`${name.padEnd(80)} ${ms.toFixed(0).padStart(6)} ms  ${(stats.bytes / 1e6 / (ms / 1000)).toFixed(1).padStart(6)} MB/s  ${(floorMs / ms).toFixed(2)}x floor`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; replay/floor: sync ${(floorMs / median(samples[1]!)).toFixed(2)}x, rxjs ${(floorMs / median(samples[2]!)).toFixed(2)}x (target ≥ 0.85x)${hasJq ? `, jq ${(floorMs / median(samples[3]!)).toFixed(2)}x` : ' (jq not installed)'}`);
