import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineLine } from './benchUtil.js';
import { parsedArgs } from './scriptArgs.js';
import { writeBigLineSession, type BigLineKind } from './bigLineSession.js';
import { COMMANDS, type Place } from './commandList.js';
import { CORPUS_SESSION_ID } from './corpus.js';
import { measurePeakRss, prepareRssRun, stopRunningChildren, type PeakRss } from './peakRss.js';
import { DEFAULT_MAX_LINE_BYTES } from '../src/transcript/lineSplitter.js';

/**
 * The peak RSS of every CLI command over a small session holding one huge line (decision 66):
 * by default a line exactly at the reader's limit (the largest it reads whole) and one a byte
 * over it (a `line_too_long` diagnostic, skipped). Each command is a fresh `node bin/memlog.js`
 * under GNU time; the target is under 250 MiB and a completed run for every one.
 */
const USAGE = `usage: npx tsx bench/bigLine.bench.ts [--mib 8,16,200] [--kind tool-result|text] [--commands "inspect,replay"] [--timeout-s S]

  Without --mib: one line at the reader's limit (${DEFAULT_MAX_LINE_BYTES} bytes) and one a byte over it.`;

const { values: args } = parsedArgs('bench/bigLine.bench.ts', USAGE, () =>
  parseArgs({
    options: {
      mib: { type: 'string' },
      kind: { type: 'string', default: 'tool-result' },
      commands: { type: 'string' },
      'timeout-s': { type: 'string', default: '600' },
      // Accepted so that `npm run bench -- --mb 50 --rounds 3` reaches every bench.
      mb: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      dir: { type: 'string' },
      seed: { type: 'string' },
    },
  }),
);

const TARGET_KIB = 250 * 1024;
const kind = args.kind as BigLineKind;
if (kind !== 'tool-result' && kind !== 'text') throw new Error('--kind takes tool-result or text');
const lineSizes =
  args.mib === undefined
    ? [DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_LINE_BYTES + 1]
    : args.mib.split(',').map((mib) => Math.round(Number(mib) * 2 ** 20));
if (lineSizes.some((bytes) => !(bytes > 0))) throw new Error('--mib takes sizes in MiB such as 8,16,200');
const wanted = args.commands?.split(',').map((name) => name.trim());
const commands = wanted === undefined ? COMMANDS : COMMANDS.filter(([name]) => wanted.includes(name));
if (commands.length === 0) throw new Error(`--commands takes names from: ${COMMANDS.map(([name]) => name).join(', ')}`);
const timeoutMs = Number(args['timeout-s']) * 1000;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'memlog.js');
const { temp, cleanUp } = prepareRssRun(root, 'memlog-bigline-');

const machine = machineLine();
log(machine);
const results: Array<PeakRss & { readonly command: string; readonly bytes: number }> = [];
try {
  for (const bytes of lineSizes) results.push(...(await measureSize(bytes)));
} finally {
  stopRunningChildren();
  cleanUp();
}
console.log(machine);
console.log(`one ${kind} line in a 2 MB session; reader limit ${DEFAULT_MAX_LINE_BYTES} bytes; peak RSS, wall time\n`);
console.log(table());
console.log(
  `\nload at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

async function measureSize(bytes: number): Promise<Array<PeakRss & { readonly command: string; readonly bytes: number }>> {
  const scratch = join(temp, String(bytes));
  const project = join(scratch, 'projects', '-home-user-memlog');
  const place: Place = { scratch, projects: join(scratch, 'projects'), project, file: join(project, `${CORPUS_SESSION_ID}.jsonl`) };
  mkdirSync(project, { recursive: true });
  writeBigLineSession(place.file, bytes, kind);
  // A config folder of our own, so the user's CLAUDE.md and memory stay out of the figures.
  const env = { ...process.env, CLAUDE_CONFIG_DIR: join(scratch, 'claude-config') };
  const measured = [];
  for (const [name, commandArgs] of commands) {
    const slug = name.replace(/\W+/g, '-');
    const result = await measurePeakRss([cli, ...commandArgs(place)], {
      cwd: scratch,
      env,
      timeoutMs,
      reportFile: join(scratch, `${slug}.time`),
      stderrFile: join(scratch, `${slug}.stderr`),
    });
    log(`[${bytes} bytes] ${name}: ${cell(result)}`);
    measured.push({ command: name, bytes, ...result });
  }
  rmSync(scratch, { recursive: true, force: true });
  return measured;
}

function cell(r: PeakRss): string {
  const figures = `${r.peakKiB === null ? '?' : (r.peakKiB / 1024).toFixed(1)} MiB, ${r.seconds === null ? '?' : r.seconds.toFixed(1)} s`;
  const over = r.peakKiB !== null && r.peakKiB >= TARGET_KIB ? ' (over 250 MiB)' : '';
  return r.status === 'ok' ? `${figures}${over}` : `**${r.status} ${r.exitCode ?? r.signal ?? ''}**: ${figures}`;
}

/** Markdown, so that it goes into RESULTS.md as printed. */
function table(): string {
  const head = ['command', ...lineSizes.map((bytes) => `line of ${bytes} bytes`)];
  const rows = commands.map(([name]) => [
    name,
    ...lineSizes.map((bytes) => {
      const r = results.find((x) => x.command === name && x.bytes === bytes);
      return r === undefined ? '-' : cell(r);
    }),
  ]);
  return [head, head.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}
