import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLine, median } from './benchUtil.js';
import { parsedArgs } from './scriptArgs.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, CORPUS_SESSION_ID, writeCorpus } from './corpus.js';

/**
 * The throughput measure of bounded memory (decision 52): `replay --json`, `inspect --json` and `report`, each a fresh
 * `node bin/memlog.js` with its output thrown away, against the stream floor as a process of its
 * own (bench/streamFloorChild.mjs: read, split, JSON.parse), over the same generated session,
 * round by round in turn so that the machine's drift falls on every case alike. Prints each
 * case's median wall time and the floor's time over it (the target: ≥ 0.85).
 */
const USAGE = `usage: npx tsx bench/commandThroughput.bench.ts [--sizes 200[,2000]] [--rounds 3] [--commands "replay --json,report"] [--seed N]`;

const { values: args } = parsedArgs('bench/commandThroughput.bench.ts', USAGE, () =>
  parseArgs({
    options: {
      sizes: { type: 'string', default: '200' },
      rounds: { type: 'string', default: '3' },
      commands: { type: 'string' },
      seed: { type: 'string', default: '42' },
      // Accepted so that `npm run bench -- --mb 50 --rounds 3` reaches every bench.
      mb: { type: 'string' },
      warmup: { type: 'string' },
      dir: { type: 'string' },
    },
  }),
);

const TARGET = 0.85;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const cli = join(root, 'bin', 'memlog.js');
const floorChild = join(here, 'streamFloorChild.mjs');

type Case = readonly [name: string, argv: (file: string, project: string) => string[]];
const COMMANDS: readonly Case[] = [
  ['replay --json', (file) => [cli, 'replay', file, '--json']],
  ['inspect --json', (file) => [cli, 'inspect', file, '--json']],
  // `report` takes a folder: the project folder that holds only this session.
  ['report', (_file, project) => [cli, 'report', project]],
];
const FLOOR: Case = ['floor: stream + split + JSON.parse', (file) => [floorChild, file]];

const sizes = args.sizes.split(',').map(Number);
const rounds = Number(args.rounds);
const seed = Number(args.seed);
// With `--mb` (npm run bench), that size alone.
if (args.mb !== undefined) sizes.splice(0, sizes.length, Number(args.mb));
if (sizes.some((mb) => !(mb > 0)) || !(rounds >= 1)) throw new Error(`--sizes takes MB figures, --rounds a count of at least 1\n${USAGE}`);
const wanted = args.commands?.split(',').map((name) => name.trim());
const commands = wanted === undefined ? COMMANDS : COMMANDS.filter(([name]) => wanted.includes(name));
if (commands.length === 0) throw new Error(`--commands takes names from: ${COMMANDS.map(([name]) => name).join(', ')}`);

const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) throw new Error('npm run build failed');

/** Wall milliseconds of one process, its stdout thrown away; throws when it fails. */
function run(argv: readonly string[], cwd: string): number {
  const sink = openSync('/dev/null', 'w');
  try {
    const started = performance.now();
    const child = spawnSync(process.execPath, argv, { cwd, stdio: ['ignore', sink, 'pipe'], maxBuffer: 1 << 24 });
    const ms = performance.now() - started;
    if (child.status !== 0)
      throw new Error(`${argv.slice(1).join(' ')} failed (${child.status ?? child.signal}): ${child.stderr?.toString().slice(-500)}`);
    return ms;
  } finally {
    closeSync(sink);
  }
}

console.log(machineLine());
const temp = mkdtempSync(join(tmpdir(), 'memlog-throughput-'));
process.once('SIGINT', () => {
  rmSync(temp, { recursive: true, force: true });
  process.exit(130);
});
try {
  for (const mb of sizes) {
    const project = join(temp, `${mb}mb`, 'projects', '-home-user-memlog');
    mkdirSync(project, { recursive: true });
    const file = join(project, `${CORPUS_SESSION_ID}.jsonl`);
    const stats = writeCorpus(file, Math.round(mb * 1e6), seed, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
    console.log(`\n${mb} MB: ${stats.lines} lines, ${stats.compactions} compactions, ${rounds} rounds`);
    const cases = [FLOOR, ...commands];
    const times = cases.map(() => [] as number[]);
    // One unmeasured pass of the floor brings the file into the page cache for everyone.
    run(FLOOR[1](file, project), temp);
    for (let round = 0; round < rounds; round++)
      for (const [i, [, argv]] of cases.entries()) times[i]!.push(run(argv(file, project), temp));
    const floorMs = median(times[0]!);
    for (const [i, [name]] of cases.entries()) {
      const ms = median(times[i]!);
      const ratio = floorMs / ms;
      const verdict = i === 0 ? '' : ratio >= TARGET ? '  meets ≥ 0.85' : '  below 0.85';
      console.log(
        `${name.padEnd(38)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${(stats.bytes / 1e6 / (ms / 1000)).toFixed(0).padStart(4)} MB/s  ${ratio.toFixed(2)}× floor${verdict}`,
      );
    }
    rmSync(join(temp, `${mb}mb`), { recursive: true, force: true });
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
