import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { machineLine } from './benchUtil.js';
import { writeCorpus } from './corpus.js';

/**
 * "Memory stays flat whatever the file size": each reader streams corpora of 1x, 10x and
 * 100x a base size in a fresh process (bench/readerMemoryChild.mjs); we print peak RSS and
 * heap-after-GC, and the ratio of the largest to the smallest.
 *
 * `--runtime built` (the default) first compiles the library (`npm run build`) and measures
 * it as the CLI runs it; `--runtime tsx` measures the sources under tsx, whose loader adds
 * its own 20-25 MB to every figure. `--runtime built,tsx` prints both.
 */
const { values: args } = scriptArgs('bench/readerMemory.bench.ts', {
  options: {
    'base-mb': { type: 'string', default: '2' },
    sizes: { type: 'string' },
    readers: { type: 'string', default: 'sync,observable,replay' },
    runtime: { type: 'string', default: 'built' },
    dir: { type: 'string' },
    // Accepted so that `npm run bench -- --mb 50 --rounds 3` reaches every bench.
    mb: { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
  },
});
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const child = join(here, 'readerMemoryChild.mjs');
const runtimes = args.runtime.split(',');
if (runtimes.length === 0 || runtimes.some((r) => r !== 'built' && r !== 'tsx')) throw new Error('--runtime takes built, tsx or built,tsx');

if (runtimes.includes('built')) {
  // Measure the code as it is now, not whatever dist/ was last built from.
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const baseMb = Number(args['base-mb']);
const dir = resolve(args.dir ?? join(root, '.memlog-bench'));
mkdirSync(dir, { recursive: true });
const sizes = args.sizes === undefined ? [1, 10, 100].map((factor) => factor * baseMb) : args.sizes.split(',').map(Number);
const files = sizes.map((mb) => {
  const file = join(dir, `corpus-${mb}mb-seed42.jsonl`);
  writeCorpus(file, Math.round(mb * 1e6), 42);
  return file;
});
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(machineLine());
for (const runtime of runtimes) {
  const nodeArgs =
    runtime === 'built' ? ['--expose-gc', child, '--from', 'dist'] : ['--expose-gc', '--import', 'tsx', child, '--from', 'src'];
  for (const reader of args.readers.split(',')) {
    const rows = files.map((file, i) => {
      const run = spawnSync(process.execPath, [...nodeArgs, '--file', file, '--reader', reader], { cwd: root, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
      const result = JSON.parse(run.stdout) as { entries: number; rssKiB: number; heapAfterGc: number };
      console.log(
        `${runtime.padEnd(5)} ${reader.padEnd(11)} ${String(sizes[i]).padStart(5)} MB  ${String(result.entries).padStart(7)} entries  peak RSS ${mib(result.rssKiB * 1024).padStart(10)}  heap after GC ${mib(result.heapAfterGc).padStart(9)}`,
      );
      return result;
    });
    const first = rows[0];
    const last = rows.at(-1);
    if (first && last) {
      const peak = last.rssKiB / 1024;
      const met = last.rssKiB / first.rssKiB <= 1.5 && peak < 200;
      console.log(
        `${runtime} ${reader}: peak RSS at ${sizes.at(-1)} MB / at ${sizes[0]} MB = ${(last.rssKiB / first.rssKiB).toFixed(2)}x; heap after GC ${(last.heapAfterGc / first.heapAfterGc).toFixed(2)}x (file ${sizes.at(-1)! / sizes[0]!}x larger; target ≤ 1.5x and under 200 MB: ${met ? 'met' : 'MISSED'})\n`,
      );
    }
  }
}
