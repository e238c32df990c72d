import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { constants, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLine } from './benchUtil.js';
import { parsedArgs } from './scriptArgs.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, CORPUS_SESSION_ID, writeCorpus, type CorpusOptions } from './corpus.js';
import { measurePeakRss, prepareRssRun, stopRunningChildren, type PeakRss } from './peakRss.js';
import { COMMANDS, type Place } from './commandList.js';

/**
 * The bounded-memory measure (decision 52): the peak RSS of every CLI command, each a fresh `node bin/memlog.js`
 * under GNU time, over one generated session per size (written into a temporary folder, a
 * megabyte at a time, and deleted once that size is measured). Prints a table of command × size
 * and, per command, the largest size's peak over the smallest's: a command whose memory does not
 * grow with the file stays near 1×.
 */
const USAGE = `usage: npx tsx bench/commandMemory.bench.ts [--sizes 20,200[,2000]] [--huge] [--commands "inspect,replay --json"]
       [--compactions auto|N] [--timeout-s S] [--seed N] [--json]

  --compactions auto (default) compacts as Claude Code does when the context fills (about every
  ${CLAUDE_CODE_CONTEXT_TOKENS.toLocaleString('en-US')} tokens of messages); N spreads N compactions evenly through the file instead,
  which leaves a resumed chain no model would accept (a third of the file for N = 2).`;

const { values: args } = parsedArgs('bench/commandMemory.bench.ts', USAGE, () =>
  parseArgs({
    options: {
      sizes: { type: 'string', default: '20,200' },
      huge: { type: 'boolean', default: false },
      'timeout-s': { type: 'string', default: '600' },
      commands: { type: 'string' },
      compactions: { type: 'string', default: 'auto' },
      json: { type: 'boolean', default: false },
      seed: { type: 'string', default: '42' },
      // Accepted so that `npm run bench -- --mb 50 --rounds 3` reaches every bench.
      mb: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      dir: { type: 'string' },
    },
  }),
);

const TARGET_MB = 2000;
const TARGET_RATIO = 1.5;
const TARGET_BYTES = 250e6;

interface Result extends PeakRss {
  readonly command: string;
  readonly mb: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const cli = join(root, 'bin', 'memlog.js');
const timeoutMs = Number(args['timeout-s']) * 1000;
const seed = Number(args.seed);
const compactions = args.compactions === 'auto' ? 'auto' : Number(args.compactions);
const corpusOptions: CorpusOptions = compactions === 'auto' ? { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS } : { compactions };
const sizes = [...new Set([...args.sizes.split(',').map(Number), ...(args.huge ? [5000] : [])])].sort((a, b) => a - b);
if (sizes.some((mb) => !(mb > 0)) || !(timeoutMs > 0) || (compactions !== 'auto' && (!Number.isInteger(compactions) || compactions < 0))) {
  throw new Error('--sizes takes MB figures such as 20,200,2000; --timeout-s a positive number; --compactions auto or a whole number');
}
const wanted = args.commands?.split(',').map((name) => name.trim());
const commands = wanted === undefined ? COMMANDS : COMMANDS.filter(([name]) => wanted.includes(name));
if (commands.length === 0) throw new Error(`--commands takes names from: ${COMMANDS.map(([name]) => name).join(', ')}`);
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const { temp, cleanUp } = prepareRssRun(root, 'memlog-rss-');

const machine = machineLine();
log(machine);
const results: Result[] = [];
/** Per size: the session written, and the wall seconds to write it and to run every command on it. */
const generated: Array<{ mb: number; bytes: number; lines: number; compactions: number; seconds: number; commandSeconds: number }> = [];
try {
  for (const mb of sizes) {
    const scratch = join(temp, `${mb}mb`);
    const projects = join(scratch, 'projects');
    const project = join(projects, '-home-user-memlog');
    const place: Place = { scratch, projects, project, file: join(project, `${CORPUS_SESSION_ID}.jsonl`) };
    mkdirSync(project, { recursive: true });
    const started = performance.now();
    const stats = writeCorpus(place.file, Math.round(mb * 1e6), seed, corpusOptions);
    const seconds = (performance.now() - started) / 1000;
    log(
      `[${mb} MB] generated ${stats.lines} lines, ${(stats.bytes / 1e6).toFixed(0)} MB, ${stats.compactions} compactions in ${seconds.toFixed(1)} s`,
    );
    // A config folder of our own, so the user's CLAUDE.md and memory stay out of the figures.
    const env = { ...process.env, CLAUDE_CONFIG_DIR: join(scratch, 'claude-config') };
    for (const [name, commandArgs] of commands) {
      const slug = name.replace(/\W+/g, '-');
      const result = await measurePeakRss([cli, ...commandArgs(place)], {
        // Not the repo: `report` would read a ./memlog-out found there.
        cwd: scratch,
        env,
        timeoutMs,
        reportFile: join(scratch, `${slug}.time`),
        stderrFile: join(scratch, `${slug}.stderr`),
      });
      results.push({ command: name, mb, ...result });
      log(`[${mb} MB] ${name}: ${cell(result)}`);
    }
    generated.push({
      mb,
      bytes: stats.bytes,
      lines: stats.lines,
      compactions: stats.compactions,
      seconds,
      commandSeconds: (performance.now() - started) / 1000 - seconds,
    });
    const strays = readdirSync(project).filter((name) => name !== `${CORPUS_SESSION_ID}.jsonl`);
    if (strays.length > 0) log(`[${mb} MB] warning: commands wrote beside the transcript: ${strays.join(', ')}`);
    rmSync(scratch, { recursive: true, force: true });
  }
} finally {
  stopRunningChildren();
  cleanUp();
}

if (args.json) {
  process.stdout.write(`${JSON.stringify({ machine, loadAtEnd: loadavg(), timeoutS: timeoutMs / 1000, generated, results }, null, 2)}\n`);
} else {
  console.log(machine);
  console.log(
    `sessions: ${generated.map((g) => `${g.mb} MB (${g.lines} lines, ${g.compactions} compactions, written in ${g.seconds.toFixed(1)} s, commands ${g.commandSeconds.toFixed(0)} s)`).join('; ')}\n`,
  );
  console.log(table());
  const failures = results.filter((r) => r.status !== 'ok');
  if (failures.length > 0) console.log('');
  for (const r of failures) console.log(`- ${r.command} at ${r.mb} MB: ${cell(r)}: ${reason(r.stderrTail)}`);
  console.log(
    `\nload at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

function signalName(signal: number): string {
  return Object.entries(constants.signals).find(([, n]) => n === signal)?.[0] ?? `signal ${signal}`;
}

function cell(r: PeakRss): string {
  const figures = `${r.peakKiB === null ? '?' : (r.peakKiB / 1024).toFixed(1)} MiB, ${r.seconds === null ? '?' : r.seconds.toFixed(1)} s`;
  if (r.status === 'ok') return figures;
  if (r.status === 'timeout') return `**timeout** (${timeoutMs / 1000} s): ${figures}`;
  if (r.status === 'killed') return `**${signalName(r.signal ?? 0)}**: ${figures}`;
  return `**exit ${r.exitCode ?? '?'}**: ${figures}`;
}

/** The line of a failed child's stderr that says why: V8's fatal error, a thrown error, or memlog's own message. */
function reason(stderrTail: string): string {
  const lines = stderrTail.split('\n').map((line) => line.trim());
  return lines.find((line) => /^(FATAL ERROR|\w*Error\b|memlog:)/.test(line)) ?? lines.filter(Boolean).at(-1) ?? '(nothing on stderr)';
}

/** Markdown, so that it goes into RESULTS.md as printed. */
function table(): string {
  const smallest = sizes[0]!;
  const largest = sizes.at(-1)!;
  const head = ['command', ...sizes.map((mb) => `${mb} MB`), `peak ${largest} MB / ${smallest} MB`, 'every size completed'];
  if (sizes.includes(TARGET_MB)) head.push(`target at ${TARGET_MB} MB (≤ ${TARGET_RATIO}×, < 250 MB)`);
  const rows = commands.map(([name]) => {
    const at = (mb: number): Result | undefined => results.find((r) => r.command === name && r.mb === mb);
    // A run that did not complete had reached its figure when it died: the ratio is a lower bound.
    const ratio = (mb: number): string => {
      const [first, last] = [at(smallest), at(mb)];
      if (first?.peakKiB == null || last?.peakKiB == null) return '?';
      const value = `${(last.peakKiB / first.peakKiB).toFixed(2)}×`;
      return last.status === 'ok' ? value : `≥ ${value}`;
    };
    const row = [
      name,
      ...sizes.map((mb) => {
        const r = at(mb);
        return r === undefined ? 'not run' : cell(r);
      }),
      ratio(largest),
      sizes.every((mb) => at(mb)?.status === 'ok') ? 'yes' : '**no**',
    ];
    if (sizes.includes(TARGET_MB)) {
      const r = at(TARGET_MB);
      const first = at(smallest);
      const met =
        r?.status === 'ok' &&
        r.peakKiB !== null &&
        first?.peakKiB != null &&
        r.peakKiB / first.peakKiB <= TARGET_RATIO &&
        r.peakKiB * 1024 < TARGET_BYTES;
      row.push(`${ratio(TARGET_MB)}: ${met ? 'met' : '**missed**'}`);
    }
    return row;
  });
  return [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}
