import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs } from './scriptArgs.js';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { archiveProjects, DEFAULT_CODEC, type PieceCodec } from '../src/archive/index.js';
import { machineLine, timedAsync } from './benchUtil.js';

/**
 * `memlog archive` beside `tar -czf` over the same tree of real sessions (bench/quality/real),
 * interleaved round by round: the codec options over the tree's files, then time and size of a
 * first archive with each codec memlog can write, then a rerun over an unchanged 10,000-session
 * tree, the bytes a 1 MB growth reads, and the process's peak RSS after a large session. Targets
 * (decisions 73, 90): ≥ 0.8× tar's speed, size ≤ tar's, rerun < 2 s, growth ≈ 1 MB.
 */
const { values: args } = scriptArgs('bench/archive.bench.ts', {
  options: {
    copies: { type: 'string', default: '4' },
    rounds: { type: 'string' },
    sessions: { type: 'string', default: '10000' },
    'big-mb': { type: 'string', default: '200' },
  },
});
const rounds = Number(args.rounds ?? '3');
const work = mkdtempSync(join(tmpdir(), 'memlog-archive-bench-'));
const hourAgo = new Date(Date.now() - 3_600_000);

/** Real sessions, `copies` times each, one project per source folder; files dated an hour ago (settled, decision 73). */
function realTree(copies: number): { root: string; projects: string[]; bytes: number } {
  const source = join('bench', 'quality', 'real', 'sessions');
  const root = join(work, 'real');
  let bytes = 0;
  for (const folder of readdirSync(source)) {
    const project = join(root, 'projects', `-bench-${folder}`);
    mkdirSync(project, { recursive: true });
    for (const name of readdirSync(join(source, folder)).filter((n) => n.endsWith('.jsonl')))
      for (let copy = 0; copy < copies; copy++) {
        const target = join(project, `${copy}-${name}`);
        copyFileSync(join(source, folder, name), target);
        utimesSync(target, hourAgo, hourAgo);
        bytes += statSync(target).size;
      }
  }
  const projects = readdirSync(join(root, 'projects')).map((name) => join(root, 'projects', name));
  return { root, projects, bytes };
}

function tarOnce(root: string): { ms: number; size: number } {
  const out = join(work, 'tree.tar.gz');
  rmSync(out, { force: true });
  const start = performance.now();
  const result = spawnSync('tar', ['-czf', out, '-C', root, 'projects']);
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr.toString()}`);
  return { ms: performance.now() - start, size: statSync(out).size };
}

async function archiveOnce(projects: readonly string[], codec: PieceCodec): Promise<{ ms: number; size: number }> {
  const archiveDir = join(work, 'archive-real');
  rmSync(archiveDir, { recursive: true, force: true });
  const { ms } = await timedAsync(() => archiveProjects({ archiveDir, projectDirs: projects, codec }));
  return { ms, size: folderBytes(archiveDir) };
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    total += entry.isDirectory() ? folderBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size;
  return total;
}

const CODECS: readonly PieceCodec[] = ['gzip', 'brotli'];

async function firstArchive(tree: { root: string; projects: string[]; bytes: number }): Promise<void> {
  const times: Record<string, number[]> = { tar: [], gzip: [], brotli: [] };
  const sizes: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    const t = tarOnce(tree.root);
    times['tar']?.push(t.ms);
    sizes['tar'] = t.size;
    for (const codec of round % 2 === 0 ? CODECS : [...CODECS].reverse()) {
      const a = await archiveOnce(tree.projects, codec);
      times[codec]?.push(a.ms);
      sizes[codec] = a.size;
    }
  }
  const best = (name: string): number => Math.min(...(times[name] ?? []));
  console.log(`first archive of ${(tree.bytes / 1e6).toFixed(1)} MB (${tree.projects.length} projects), best of ${rounds}:`);
  console.log(`  tar -czf                 ${best('tar').toFixed(0)} ms, ${sizes['tar']} bytes`);
  for (const codec of CODECS) {
    const [ms, size] = [best(codec), sizes[codec] ?? 0];
    const tag = codec === DEFAULT_CODEC ? ' (default)' : '';
    console.log(`  memlog archive, ${`${codec}${tag}`.padEnd(18)} ${ms.toFixed(0)} ms, ${size} bytes (incl. manifest)`);
    console.log(
      `    speed ${(best('tar') / ms).toFixed(2)}× tar's (target ≥ 0.8), size ${(size / (sizes['tar'] ?? 1)).toFixed(2)}× tar's (target ≤ 1)`,
    );
  }
}

/** The codec settings over the tree's files, two at a time on libuv's pool (as the archive runs them), interleaved round by round. */
async function codecOptions(tree: { root: string; projects: string[]; bytes: number }): Promise<void> {
  const files = tree.projects.flatMap((project) => readdirSync(project).map((name) => readFileSync(join(project, name))));
  const brotli = (quality: number, window: number) => (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: window,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  const options: [string, (bytes: Buffer) => Promise<Buffer>][] = [
    ['gzip 6', (bytes) => promisify(gzip)(bytes, { level: 6 })],
    ['gzip 4', (bytes) => promisify(gzip)(bytes, { level: 4 })],
    ['brotli 3, window 22', brotli(3, 22)],
    ['brotli 4, window 22', brotli(4, 22)],
    ['brotli 4, window 24', brotli(4, 24)],
    ['brotli 5, window 24', brotli(5, 24)],
    ['brotli 6, window 24', brotli(6, 24)],
  ];
  const times = new Map<string, number[]>();
  const sizes = new Map<string, number>();
  for (let round = 0; round < rounds; round++)
    for (const [name, compress] of round % 2 === 0 ? options : [...options].reverse()) {
      const start = performance.now();
      let size = 0;
      for (let i = 0; i < files.length; i += 2)
        for (const packed of await Promise.all(files.slice(i, i + 2).map(compress))) size += packed.length;
      times.set(name, [...(times.get(name) ?? []), performance.now() - start]);
      sizes.set(name, size);
    }
  console.log(`codec options over the same ${files.length} files, two at a time, best of ${rounds}:`);
  for (const [name] of options) {
    const ms = Math.min(...(times.get(name) ?? []));
    const size = sizes.get(name) ?? 0;
    console.log(
      `  ${name.padEnd(20)} ${(tree.bytes / 1e3 / ms).toFixed(1)} MB/s, ${(tree.bytes / size).toFixed(2)}× smaller, ${size} bytes`,
    );
  }
}

/** `count` small sessions in folders of 100, each a few lines, one in ten with a subagent. */
function manySessions(count: number): string[] {
  const root = join(work, 'many', 'projects');
  const line = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'x'.repeat(400) } })}\n`;
  for (let i = 0; i < count; i++) {
    const project = join(root, `-p${Math.floor(i / 100)}`);
    mkdirSync(project, { recursive: true });
    const file = join(project, `s${i}.jsonl`);
    writeFileSync(file, line.repeat(5));
    utimesSync(file, hourAgo, hourAgo);
    if (i % 10 === 0) {
      mkdirSync(join(project, `s${i}`, 'subagents'), { recursive: true });
      const agent = join(project, `s${i}`, 'subagents', 'agent-a.jsonl');
      writeFileSync(agent, line);
      utimesSync(agent, hourAgo, hourAgo);
    }
  }
  return readdirSync(root).map((name) => join(root, name));
}

async function rerunAndGrowth(): Promise<void> {
  const projects = manySessions(Number(args.sessions));
  const archiveDir = join(work, 'archive-many');
  const first = await timedAsync(() => archiveProjects({ archiveDir, projectDirs: projects }));
  const rerun = await timedAsync(() => archiveProjects({ archiveDir, projectDirs: projects }));
  console.log(
    `${args.sessions} sessions: first archive ${first.ms.toFixed(0)} ms; rerun over the unchanged tree ${rerun.ms.toFixed(0)} ms (target < 2000), ${rerun.value.bytesRead} bytes read`,
  );
  const grown = join(projects[0] ?? '', 's0.jsonl');
  appendFileSync(grown, Buffer.alloc(1 << 20, 'y'));
  const growth = await timedAsync(() => archiveProjects({ archiveDir, projectDirs: projects }));
  console.log(`  a session grown by 1 MiB: ${growth.value.bytesRead} bytes read (+ at most 8 KiB of checks), ${growth.ms.toFixed(0)} ms`);
}

async function bigSession(): Promise<void> {
  const project = join(work, 'big', 'projects', '-big');
  mkdirSync(project, { recursive: true });
  const file = join(project, 'big.jsonl');
  const line = `${JSON.stringify({ type: 'assistant', message: { content: [{ type: 'text', text: 'z'.repeat(8000) }] } })}\n`;
  const chunk = line.repeat(128);
  for (let written = 0; written < Number(args['big-mb']) * 1e6; written += chunk.length) appendFileSync(file, chunk);
  const before = process.resourceUsage().maxRSS;
  await archiveProjects({ archiveDir: join(work, 'archive-big'), projectDirs: [project] });
  console.log(
    `a ${args['big-mb']} MB session: peak RSS of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (${(before / 1024).toFixed(0)} MB before it; target < 250)`,
  );
  const redacted = await timedAsync(() =>
    archiveProjects({ archiveDir: join(work, 'archive-big-redacted'), projectDirs: [project], redact: true }),
  );
  console.log(
    `  the same with --redact: ${redacted.ms.toFixed(0)} ms, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (target < 250)`,
  );
}

console.log(machineLine());
try {
  const tree = realTree(Number(args.copies));
  await firstArchive(tree);
  await rerunAndGrowth();
  await bigSession();
  // Last: it holds the tree's files in memory, which would count in the peak RSS above.
  await codecOptions(tree);
} finally {
  rmSync(work, { recursive: true, force: true });
}
