import { appendFileSync, closeSync, mkdirSync, openSync, readSync, fstatSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { evolveProjections, initialProjectionStates, type ProjectionStates } from '../src/pipeline/foldProjections.js';
import { createReplayDecider, type ReplayState } from '../src/pipeline/replayDecider.js';
import { readTranscriptSync } from '../src/transcript/readTranscript.js';
import { TranscriptParser } from '../src/transcript/transcriptParser.js';
import { machineLine, median } from './benchUtil.js';
import { generateSession, toJsonl } from './sessionGen.js';

/**
 * Incremental updates: a session of N entries is folded once; then entries are appended one at
 * a time, and each is read from the file (only the new bytes), parsed, validated and folded
 * into every projection and the decider. The cost per entry must not grow with N: the ratio at
 * 100k entries over 1k should stay under 1.5. The floor does the same append and read of the
 * new bytes, then JSON.parse only.
 */
// The runner passes every bench the same arguments (--mb, --rounds…): those this one does not use are accepted and ignored.
const { values: args } = scriptArgs('bench/incremental.bench.ts', {
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    appends: { type: 'string', default: '2000' },
    dir: { type: 'string' },
    mb: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const sizes = args.sizes.split(',').map(Number);
const appends = Number(args.appends);
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));
mkdirSync(dir, { recursive: true });

function readNew(fd: number, from: number): Buffer {
  const size = fstatSync(fd).size;
  const buffer = Buffer.allocUnsafe(size - from);
  readSync(fd, buffer, 0, buffer.length, from);
  return buffer;
}

console.log(machineLine());
const results: Array<{ size: number; memlogUs: number; floorUs: number }> = [];
for (const size of sizes) {
  const all = generateSession({ turns: Math.ceil((size + appends) / 8) + 1, seed: 11, sessionId: 'bench-incremental' });
  const lines = toJsonl(all)
    .split('\n')
    .filter((l) => l !== '');
  const file = join(dir, `incremental-${size}.jsonl`);
  writeFileSync(file, `${lines.slice(0, size).join('\n')}\n`);
  const tail = lines.slice(size, size + appends);

  // Untimed: the state after the first N entries, as a live session would hold it.
  const decider = createReplayDecider();
  let replay: ReplayState = decider.initialState();
  let projections: ProjectionStates = initialProjectionStates();
  let seq = 0;
  for (const item of readTranscriptSync(file)) {
    if (item.kind !== 'entry') continue;
    replay = decider.step(replay, { source: 'transcript', event: { seq: item.seq, entry: item.entry } })[0];
    projections = evolveProjections(projections, { seq: item.seq, entry: item.entry });
    seq = item.seq + 1;
  }
  const floorFile = `${file}.floor`;
  writeFileSync(floorFile, `${lines.slice(0, size).join('\n')}\n`);

  const fd = openSync(file, 'r');
  const floorFd = openSync(floorFile, 'r');
  let offset = fstatSync(fd).size;
  let floorOffset = fstatSync(floorFd).size;
  const parser = new TranscriptParser({ startOffset: offset, startLine: size, startSeq: seq });
  const memlogUs: number[] = [];
  const floorUs: number[] = [];
  for (const [i, line] of tail.entries()) {
    // Interleaved, one entry each, so drift hits both alike.
    const runMemlog = (): void => {
      const start = performance.now();
      appendFileSync(file, `${line}\n`);
      const bytes = readNew(fd, offset);
      offset += bytes.length;
      for (const item of parser.push(bytes)) {
        if (item.kind !== 'entry') throw new Error(`entry ${i} did not read back: ${item.kind}`);
        const event = { seq: item.seq, entry: item.entry };
        replay = decider.step(replay, { source: 'transcript', event })[0];
        projections = evolveProjections(projections, event);
      }
      memlogUs.push((performance.now() - start) * 1000);
    };
    const runFloor = (): void => {
      const start = performance.now();
      appendFileSync(floorFile, `${line}\n`);
      const bytes = readNew(floorFd, floorOffset);
      floorOffset += bytes.length;
      JSON.parse(bytes.toString('utf8'));
      floorUs.push((performance.now() - start) * 1000);
    };
    if (i % 2 === 0) {
      runMemlog();
      runFloor();
    } else {
      runFloor();
      runMemlog();
    }
  }
  closeSync(fd);
  closeSync(floorFd);
  rmSync(floorFile);
  if (projections.seq !== size + appends - 1) throw new Error(`folded up to ${projections.seq}, expected ${size + appends - 1}`);
  const row = { size, memlogUs: median(memlogUs), floorUs: median(floorUs) };
  results.push(row);
  console.log(
    `${String(size).padStart(7)} entries + ${appends} appends: memlog ${row.memlogUs.toFixed(1).padStart(7)} µs/entry (median), floor ${row.floorUs.toFixed(1).padStart(7)} µs/entry, memlog/floor ${(row.memlogUs / row.floorUs).toFixed(2)}x`,
  );
}
const first = results[0]!;
const last = results.at(-1)!;
console.log(
  `incremental update: µs per entry at ${last.size} / at ${first.size} = ${(last.memlogUs / first.memlogUs).toFixed(2)}x (target ≤ 1.5)`,
);
