import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { tap } from 'rxjs';
import { replayDecisions } from '../src/pipeline/replayDecisions.js';
import { readTranscript } from '../src/transcript/readTranscript.js';
import { interleavedMedians, streamFloor, type FileCase } from './benchUtil.js';
import { benchCorpus } from './corpus.js';
import { replayFileSync } from './syncReplay.js';

/**
 * Replay throughput: read + validate + every trigger (+ the conversation and safe-cuts
 * projections for the sync case) against the raw floor (stream + split + JSON.parse), on the
 * same corpus, interleaved round by round, gc() before each sample. Prints ratios.
 */
const { values: args } = scriptArgs('bench/replay.bench.ts', {
  options: { mb: { type: 'string', default: '100' }, rounds: { type: 'string', default: '5' }, dir: { type: 'string' } },
});
const mb = Number(args.mb);
const rounds = Number(args.rounds);
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));

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

const cases: FileCase[] = [
  ['floor: stream + split + JSON.parse', streamFloor],
  ['replay, sync: read, validate, 3 triggers, coalescer, conversation, safe cuts', (file) => replayFileSync(file)],
  ['replay, RxJS: readTranscript → replayDecisions (scan)', replayStream],
  ...(hasJq ? [['jq -c . (external process, output discarded)', jq] as [string, (file: string) => number]] : []),
];

const { file, stats } = benchCorpus(dir, mb);
const medians = await interleavedMedians(cases, file, rounds, stats.lines);
const floorMs = medians[0]!;
for (const [i, [name]] of cases.entries()) {
  const ms = medians[i]!;
  console.log(
    `${name.padEnd(80)} ${ms.toFixed(0).padStart(6)} ms  ${(stats.bytes / 1e6 / (ms / 1000)).toFixed(1).padStart(6)} MB/s  ${(floorMs / ms).toFixed(2)}x floor`,
  );
}
console.log(
  `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; replay/floor: sync ${(floorMs / medians[1]!).toFixed(2)}x, rxjs ${(floorMs / medians[2]!).toFixed(2)}x (target ≥ 0.85x)${hasJq ? `, jq ${(floorMs / medians[3]!).toFixed(2)}x` : ' (jq not installed)'}`,
);
