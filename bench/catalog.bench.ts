import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLine, median } from './benchUtil.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, writeCorpus } from './corpus.js';

/**
 * The session catalog (decision 81) beside ccusage, side by side in one run, round by round in turn: `memlog inspect
 * --json` on a first scan (a fresh catalog), on a rerun over the unchanged tree, and after 1 MB was appended to one
 * session, against `ccusage claude session --json --offline`; then the first scan of one big session (--big-mb) against it (a pinned version installed into a temp folder; when the
 * registry cannot be reached, said so, and `cat | wc -l` stands in as the floor). Then the totals per session: memlog
 * `report --usage --by session --json` against ccusage, every difference printed. Needs `npm run build` (bin/memlog.js).
 */
const USAGE = 'usage: npx tsx bench/catalog.bench.ts [--sessions 200] [--mb-each 1] [--big-mb 1000] [--rounds 3] [--ccusage 20.0.24]';
const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    'mb-each': { type: 'string', default: '1' },
    // One session of this size in a tree of its own, for the first scan of one big file (0: none).
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

/** Wall time, CPU time (user + system, every thread) and peak RSS (GNU time's %M) of one command. */
function run(argv: readonly string[], env: NodeJS.ProcessEnv = {}): { ms: number; cpuMs: number; rssMb: number; stdout: string } {
  const start = performance.now();
  const child = spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...argv], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`${argv.join(' ')}: exit ${child.status}\n${child.stderr}`);
  const [rss, user, system] = (child.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { ms, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000, rssMb: (rss ?? 0) / 1024, stdout: child.stdout };
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
const baseline = (): Sample =>
  ccusage === null
    ? run(['sh', '-c', `cat ${files.map((f) => `'${f}'`).join(' ')} | wc -l`])
    : run([ccusage, 'claude', 'session', '--json', '--offline'], { CLAUDE_CONFIG_DIR: tree });
const samples: Record<string, Sample[]> = { first: [], rerun: [], grown: [], baseline: [] };
const grownFile = files[0] ?? '';
// Lines of a session of its own (another seed): lines copied from a session of the tree would be its messages again,
// which ccusage counts once across files and memlog once per file.
writeCorpus(join(tmp, 'more.jsonl'), 1_000_000, 99_999);
const megabyte = readFileSync(join(tmp, 'more.jsonl')).subarray(0, 1_000_000);
const whole = megabyte.subarray(0, megabyte.lastIndexOf(0x0a) + 1);
for (let round = 0; round < Number(args.rounds); round++) {
  samples['baseline']?.push(baseline());
  samples['first']?.push(run(['node', cli, 'inspect', projects, '--json'], { MEMLOG_CATALOG: catalog(round) }));
  samples['rerun']?.push(run(['node', cli, 'inspect', projects, '--json'], { MEMLOG_CATALOG: catalog(round) }));
  appendFileSync(grownFile, whole);
  samples['grown']?.push(run(['node', cli, 'inspect', projects, '--json'], { MEMLOG_CATALOG: catalog(round) }));
}
type Sample = { ms: number; cpuMs: number; rssMb: number };

/**
 * A row per command: median wall and CPU time, peak RSS, and the baseline's over this one's, of wall and of CPU time. On
 * a loaded machine the CPU ratio is the steadier: the scheduler shares the cores between sessions, not threads.
 */
function printRows(rows: Record<string, Sample[]>, baseName: string): void {
  const base = rows[baseName] ?? [];
  const baseMs = median(base.map((s) => s.ms));
  const baseCpu = median(base.map((s) => s.cpuMs));
  for (const [name, list] of Object.entries(rows)) {
    const ms = median(list.map((s) => s.ms));
    const cpu = median(list.map((s) => s.cpuMs));
    const rss = Math.max(...list.map((s) => s.rssMb));
    console.log(
      `${name.padEnd(9)} ${ms.toFixed(0).padStart(7)} ms wall ${cpu.toFixed(0).padStart(6)} ms cpu  peak RSS ${rss.toFixed(0).padStart(4)} MB  ` +
        `baseline/this wall ${(baseMs / ms).toFixed(2)} cpu ${(baseCpu / cpu).toFixed(2)}`,
    );
  }
}
printRows(samples, 'baseline');

/** The first scan of one big session against the baseline over the same tree, round by round in turn. */
function bigSession(mb: number): void {
  const bigTree = join(tmp, 'big');
  const dir = join(bigTree, 'projects', '-home-dev-big');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'big-session.jsonl');
  writeCorpus(file, mb * 1e6, 4242, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
  const big: Record<string, Sample[]> = { 'big first': [], 'big base': [] };
  for (let round = 0; round < Number(args.rounds); round++) {
    big['big base']?.push(
      ccusage === null
        ? run(['sh', '-c', `cat '${file}' | wc -l`])
        : run([ccusage, 'claude', 'session', '--json', '--offline'], { CLAUDE_CONFIG_DIR: bigTree }),
    );
    const db = join(tmp, `big-${round}.db`);
    big['big first']?.push(run(['node', cli, 'inspect', join(bigTree, 'projects'), '--json'], { MEMLOG_CATALOG: db }));
  }
  console.log(`one session of ${mb} MB`);
  printRows(big, 'big base');
  rmSync(bigTree, { recursive: true, force: true });
}
if (Number(args['big-mb']) > 0) bigSession(Number(args['big-mb']));

if (ccusage !== null) {
  const ours = JSON.parse(
    run(['node', cli, 'report', projects, '--usage', '--by', 'session', '--json'], { MEMLOG_CATALOG: catalog(0) }).stdout,
  ) as {
    rows: Array<{ key: string; input: number; output: number; cacheCreation: number; cacheRead: number; costUsd: number }>;
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
}
rmSync(tmp, { recursive: true, force: true });
