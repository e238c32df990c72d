import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { machineLine, median } from './benchUtil.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, CORPUS_SESSION_ID, writeCorpus } from './corpus.js';

/**
 * The session catalog (decision 81) beside ccusage, side by side in one run, round by round in turn: `memlog inspect
 * --json` on a first scan (a fresh catalog), on a rerun over the unchanged tree, and after 1 MB was appended to one
 * session, against `ccusage claude session --json --offline` (a pinned version installed into a temp folder; when the
 * registry cannot be reached, said so, and `cat | wc -l` stands in as the floor). The same three on one session of
 * `--big-mb` (1 GB; 0 leaves it out), and the CLI's own start (`memlog --version` beside `node -e 0`, decision 88).
 * Then the totals per session: memlog `report --usage --by session --json` against ccusage, every difference printed.
 * Wall and CPU (user + system) are both printed: on a loaded machine the wall time is mostly waiting for a core.
 * Needs `npm run build` (bin/memlog.js).
 */
const USAGE = 'usage: npx tsx bench/catalog.bench.ts [--sessions 200] [--mb-each 1] [--big-mb 1000] [--rounds 3] [--ccusage 20.0.24]';
const { values: args } = scriptArgs('bench/catalog.bench.ts', {
  options: {
    sessions: { type: 'string', default: '200' },
    'mb-each': { type: 'string', default: '1' },
    'big-mb': { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    ccusage: { type: 'string', default: '20.0.24' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'memlog.js');
const tmp = mkdtempSync(join(tmpdir(), 'memlog-catalog-bench-'));
process.once('SIGINT', () => {
  rmSync(tmp, { recursive: true, force: true });
  process.exit(130);
});

interface Sample {
  readonly ms: number;
  /** User plus system CPU time (GNU time's %U + %S). */
  readonly cpuMs: number;
  readonly rssMb: number;
}

/** Wall time, CPU time and peak RSS (GNU time's %M) of one command, its output thrown away. */
function run(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Sample & { stdout: string } {
  const start = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...argv], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`${argv.join(' ')}: exit ${child.status}\n${child.stderr}`);
  const [user = NaN, system = NaN, rss = NaN] = (child.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { ms, cpuMs: (user + system) * 1000, rssMb: rss / 1024, stdout: child.stdout };
}

function installCcusage(version: string): string | null {
  const prefix = join(tmp, 'ccusage');
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `ccusage@${version}`], { encoding: 'utf8' });
  const bin = join(prefix, 'node_modules', '.bin', 'ccusage');
  return npm.status === 0 && existsSync(bin) ? bin : null;
}

const sessions = Number(args.sessions);
const tree = join(tmp, 'claude');
const files: string[] = [];
for (let i = 0; i < sessions; i++) {
  const dir = join(tree, 'projects', `-home-dev-p${i % 10}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `session-${String(i).padStart(3, '0')}.jsonl`);
  writeCorpus(file, Number(args['mb-each']) * 1e6, 1000 + i, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
  files.push(file);
}
const projects = join(tree, 'projects');
const ccusage = installCcusage(args.ccusage);
console.log(machineLine());
console.log(`${sessions} sessions of ${args['mb-each']} MB under ${projects}`);
console.log(
  ccusage === null ? `ccusage ${args.ccusage} unavailable (npm install failed): cat | wc -l is the baseline` : `ccusage ${args.ccusage}`,
);

const catalog = (round: number): string => join(tmp, `catalog-${round}.db`);
const bigCatalog = (round: number): string => join(tmp, `big-catalog-${round}.db`);
const baselineOver = (config: string, paths: readonly string[]) => (): Sample =>
  ccusage === null
    ? run(['sh', '-c', `cat ${paths.map((f) => `'${f}'`).join(' ')} | wc -l`])
    : run([ccusage, 'claude', 'session', '--json', '--offline'], { CLAUDE_CONFIG_DIR: config });
const inspect = (root: string, catalogFile: string): Sample =>
  run(['node', cli, 'inspect', root, '--json'], { MEMLOG_CATALOG: catalogFile });
// Lines of a session of its own (another seed), so that the growth is new work: a copied history is its own case below.
writeCorpus(join(tmp, 'more.jsonl'), 1_000_000, 99_999);
const megabyte = readFileSync(join(tmp, 'more.jsonl')).subarray(0, 1_000_000);
const whole = megabyte.subarray(0, megabyte.lastIndexOf(0x0a) + 1);

/** One tree's cases, each a list of samples: its baseline, memlog's first scan, rerun, and run after 1 MB was appended. */
interface TreeCases {
  readonly label: string;
  readonly baseline: () => Sample;
  readonly root: string;
  readonly grownFile: string;
  readonly catalog: (round: number) => string;
  readonly samples: Record<'baseline' | 'first' | 'rerun' | 'grown', Sample[]>;
}
const treeCases = (label: string, config: string, paths: readonly string[], catalogOf: (round: number) => string): TreeCases => ({
  label,
  baseline: baselineOver(config, paths),
  root: join(config, 'projects'),
  grownFile: paths[0] ?? '',
  catalog: catalogOf,
  samples: { baseline: [], first: [], rerun: [], grown: [] },
});
const trees = [treeCases(`${sessions} sessions`, tree, files, catalog)];
const bigMb = Number(args['big-mb']);
if (bigMb > 0) {
  const bigTree = join(tmp, 'big');
  const bigFile = join(bigTree, 'projects', '-home-dev-big', 'session-big.jsonl');
  mkdirSync(dirname(bigFile), { recursive: true });
  writeCorpus(bigFile, bigMb * 1e6, 7, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
  trees.push(treeCases(`one ${bigMb} MB session`, bigTree, [bigFile], bigCatalog));
  console.log(`and one session of ${bigMb} MB under ${join(bigTree, 'projects')}`);
}
const start = { node: [] as Sample[], version: [] as Sample[] };
for (let round = 0; round < Number(args.rounds); round++) {
  start.node.push(run(['node', '-e', '0']));
  start.version.push(run(['node', cli, '--version']));
  for (const t of trees) {
    t.samples.baseline.push(t.baseline());
    t.samples.first.push(inspect(t.root, t.catalog(round)));
    t.samples.rerun.push(inspect(t.root, t.catalog(round)));
    appendFileSync(t.grownFile, whole);
    t.samples.grown.push(inspect(t.root, t.catalog(round)));
  }
}

/**
 * One row: median wall and CPU, the highest peak RSS, and the baseline's medians over this one's, of wall and of CPU. On a
 * loaded machine the CPU ratio is the steadier: the scheduler shares the cores between sessions, not threads.
 */
function printRow(name: string, list: readonly Sample[], base: readonly Sample[]): void {
  const ms = median(list.map((s) => s.ms));
  const cpu = median(list.map((s) => s.cpuMs));
  const rss = Math.max(...list.map((s) => s.rssMb));
  const [baseMs, baseCpu] = [median(base.map((s) => s.ms)), median(base.map((s) => s.cpuMs))];
  console.log(
    `${name.padEnd(26)} ${ms.toFixed(0).padStart(7)} ms wall ${cpu.toFixed(0).padStart(7)} ms CPU  peak RSS ${rss.toFixed(0).padStart(4)} MB  ` +
      `baseline/this wall ${(baseMs / ms).toFixed(2)} CPU ${(baseCpu / cpu).toFixed(2)}`,
  );
}
printRow('node -e 0', start.node, start.node);
printRow('memlog --version', start.version, start.node);
for (const t of trees) {
  for (const [name, list] of Object.entries(t.samples)) printRow(`${t.label}: ${name}`, list, t.samples.baseline);
}

/**
 * A resumed session: one session's history copied under another session id, then responses of its own, dated after the
 * history as a resume that copied it or --fork-session writes them. Both count each copied response once, in one of the
 * two files (decision 109): which one may differ when the copies' times are equal (memlog: the file that began first,
 * then the one that ended first; ccusage: the order it lists files in), the totals may not.
 */
function addResumedSession(): string {
  const file = join(projects, '-home-dev-resumed', 'session-resumed.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  writeCorpus(join(tmp, 'own.jsonl'), 300_000, 77_777);
  const history = readFileSync(files[1] ?? '', 'utf8').replaceAll(`"sessionId":"${CORPUS_SESSION_ID}"`, '"sessionId":"resumed"');
  writeFileSync(file, history + datedAfter(readFileSync(join(tmp, 'own.jsonl'), 'utf8'), history));
  return file;
}

/** `text` with its times moved to start a minute after the last time of `history` (every corpus starts at one time). */
function datedAfter(text: string, history: string): string {
  const TIME = /"timestamp":"([^"]+)"/g;
  const times = (of: string): number[] => [...of.matchAll(TIME)].map((match) => Date.parse(match[1] ?? ''));
  const shift = Math.max(...times(history)) + 60_000 - Math.min(...times(text));
  return text.replace(TIME, (_, time: string) => `"timestamp":"${new Date(Date.parse(time) + shift).toISOString()}"`);
}

if (ccusage !== null) {
  console.log(`with a resumed session that copied ${files[1] ?? ''}'s history: ${addResumedSession()}`);
  const ours = JSON.parse(
    run(['node', cli, 'report', projects, '--usage', '--by', 'session', '--json'], { MEMLOG_CATALOG: catalog(0) }).stdout,
  ) as {
    rows: Array<{ key: string; input: number; output: number; cacheCreation: number; cacheRead: number; costUsd: number }>;
    total: { input: number; output: number; cacheCreation: number; cacheRead: number; costUsd: number };
  };
  const theirs = JSON.parse(run([ccusage, 'claude', 'session', '--json', '--offline'], { CLAUDE_CONFIG_DIR: tree }).stdout) as {
    sessions: Array<{
      sessionId: string;
      inputTokens: number;
      outputTokens: number;
      cacheCreationTokens: number;
      cacheReadTokens: number;
      totalCost: number;
    }>;
    totals: { inputTokens: number; outputTokens: number; cacheCreationTokens: number; cacheReadTokens: number; totalCost: number };
  };
  const byId = new Map(theirs.sessions.map((s) => [s.sessionId, s]));
  let differences = 0;
  for (const row of ours.rows) {
    const other = byId.get(row.key);
    const pairs = [
      ['input', row.input, other?.inputTokens],
      ['output', row.output, other?.outputTokens],
      ['cache write', row.cacheCreation, other?.cacheCreationTokens],
      ['cache read', row.cacheRead, other?.cacheReadTokens],
    ] as const;
    for (const [what, mine, its] of pairs)
      if (mine !== its) console.log(`differs: ${row.key} ${what}: memlog ${mine}, ccusage ${its ?? 'none'}`, ++differences);
    if (other !== undefined && Math.abs(row.costUsd - other.totalCost) > 1e-6)
      console.log(`differs: ${row.key} cost: memlog ${row.costUsd}, ccusage ${other.totalCost}`, ++differences);
  }
  console.log(`totals: ${ours.rows.length} sessions against ${theirs.sessions.length}, ${differences} differences`);
  const [mine, its] = [ours.total, theirs.totals];
  const same =
    mine.input === its.inputTokens &&
    mine.output === its.outputTokens &&
    mine.cacheCreation === its.cacheCreationTokens &&
    mine.cacheRead === its.cacheReadTokens &&
    Math.abs(mine.costUsd - its.totalCost) < 1e-6;
  console.log(
    `total over the tree: memlog input ${mine.input} output ${mine.output} cache write ${mine.cacheCreation} cache read ${mine.cacheRead} ` +
      `cost ${mine.costUsd.toFixed(6)}; ccusage ${its.inputTokens} ${its.outputTokens} ${its.cacheCreationTokens} ${its.cacheReadTokens} ` +
      `${its.totalCost.toFixed(6)}: ${same ? 'equal' : 'DIFFERENT'}`,
  );
}
rmSync(tmp, { recursive: true, force: true });
