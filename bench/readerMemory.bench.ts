import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeCorpus } from './corpus.js';

/**
 * "Memory stays flat whatever the file size": each reader streams corpora of 1x, 10x and
 * 100x a base size in a fresh process; we print peak RSS and heap-after-GC, and the ratio of
 * the largest to the smallest. The child is this same file with --child.
 */
const { values: args } = parseArgs({
  options: { child: { type: 'string' }, reader: { type: 'string' }, 'base-mb': { type: 'string', default: '2' }, sizes: { type: 'string' }, readers: { type: 'string', default: 'sync,observable,replay' }, dir: { type: 'string' }, mb: { type: 'string' }, rounds: { type: 'string' }, warmup: { type: 'string' }, seed: { type: 'string' } },
});
const here = dirname(fileURLToPath(import.meta.url));

if (args.child !== undefined) {
  const { readTranscriptSync, readTranscriptBatches } = await import('../src/transcript/readTranscript.js');
  let entries = 0;
  let heapAfterGc = 0;
  const sample = (): void => {
    globalThis.gc?.();
    heapAfterGc = Math.max(heapAfterGc, process.memoryUsage().heapUsed);
  };
  if (args.reader === 'replay') {
    // The whole replay: every trigger, the coalescer, and the conversation and safe-cuts projections.
    const { createReplayDecider } = await import('../src/pipeline/replay.js');
    const { evolveProjections, initialProjectionStates } = await import('../src/pipeline/foldProjections.js');
    const decider = createReplayDecider();
    let state = decider.initialState();
    let projections = initialProjectionStates();
    for (const item of readTranscriptSync(args.child)) {
      if (item.kind !== 'entry') continue;
      const event = { seq: item.seq, entry: item.entry };
      state = decider.step(state, { source: 'transcript', event })[0];
      projections = evolveProjections(projections, event);
      if (++entries % 5000 === 0) sample();
    }
    decider.end(state);
    if (projections.seq < 0) throw new Error('nothing folded');
  } else if (args.reader === 'sync') {
    for (const item of readTranscriptSync(args.child)) if (item.kind === 'entry' && ++entries % 5000 === 0) sample();
  } else {
    await new Promise<void>((done, fail) =>
      readTranscriptBatches(args.child as string).subscribe({
        next: (batch) => {
          for (const item of batch) if (item.kind === 'entry' && ++entries % 5000 === 0) sample();
        },
        error: fail,
        complete: done,
      }),
    );
  }
  sample();
  process.stdout.write(JSON.stringify({ entries, rssKiB: process.resourceUsage().maxRSS, heapAfterGc }));
} else {
  const baseMb = Number(args['base-mb']);
  const dir = resolve(args.dir ?? join(here, '..', '.memlog-bench'));
  mkdirSync(dir, { recursive: true });
  const sizes = args.sizes === undefined ? [1, 10, 100].map((factor) => factor * baseMb) : args.sizes.split(',').map(Number);
  const files = sizes.map((mb) => {
    const file = join(dir, `corpus-${mb}mb-seed42.jsonl`);
    writeCorpus(file, Math.round(mb * 1e6), 42);
    return file;
  });
  const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  for (const reader of args.readers.split(',')) {
    const rows = files.map((file, i) => {
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', file, '--reader', reader], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
      const result = JSON.parse(run.stdout) as { entries: number; rssKiB: number; heapAfterGc: number };
      console.log(`${reader.padEnd(11)} ${String(sizes[i]).padStart(5)} MB  ${String(result.entries).padStart(7)} entries  peak RSS ${mib(result.rssKiB * 1024).padStart(10)}  heap after GC ${mib(result.heapAfterGc).padStart(9)}`);
      return result;
    });
    const first = rows[0];
    const last = rows.at(-1);
    if (first && last) {
      const peak = last.rssKiB / 1024;
      console.log(`${reader}: peak RSS at ${sizes.at(-1)} MB / at ${sizes[0]} MB = ${(last.rssKiB / first.rssKiB).toFixed(2)}x; heap after GC ${(last.heapAfterGc / first.heapAfterGc).toFixed(2)}x (file ${sizes.at(-1)! / sizes[0]!}x larger; target ≤ 1.5x and under 200 MB: ${last.rssKiB / first.rssKiB <= 1.5 && peak < 200 ? 'met' : 'MISSED'})\n`);
    }
  }
}
