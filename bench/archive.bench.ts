import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { archiveProjects } from '../src/archive/index.js';
import { machineLine, timedAsync } from './benchUtil.js';

/**
 * `memlog archive` beside `tar -czf` over the same tree of real sessions (bench/quality/real),
 * interleaved round by round: time and size of a first archive, then a rerun over an unchanged
 * 10,000-session tree, the bytes a 1 MB growth reads, and the process's peak RSS after a large
 * session. Targets (decision 73): ≥ 0.8× tar's speed, size ≤ tar's, rerun < 2 s, growth ≈ 1 MB.
 */
const { values: args } = parseArgs({
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

async function archiveOnce(projects: readonly string[]): Promise<{ ms: number; size: number }> {
  const archiveDir = join(work, 'archive-real');
  rmSync(archiveDir, { recursive: true, force: true });
  const { ms } = await timedAsync(() => archiveProjects({ archiveDir, projectDirs: projects }));
  return { ms, size: folderBytes(archiveDir) };
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    total += entry.isDirectory() ? folderBytes(join(dir, entry.name)) : statSync(join(dir, entry.name)).size;
  return total;
}

async function firstArchive(): Promise<void> {
  const tree = realTree(Number(args.copies));
  const tar: number[] = [];
  const ours: number[] = [];
  let sizes = { tar: 0, ours: 0 };
  for (let round = 0; round < rounds; round++) {
    const t = tarOnce(tree.root);
    const a = await archiveOnce(tree.projects);
    tar.push(t.ms);
    ours.push(a.ms);
    sizes = { tar: t.size, ours: a.size };
  }
  const [tarMs, oursMs] = [Math.min(...tar), Math.min(...ours)];
  console.log(`first archive of ${(tree.bytes / 1e6).toFixed(1)} MB (${tree.projects.length} projects), best of ${rounds}:`);
  console.log(`  tar -czf        ${tarMs.toFixed(0)} ms, ${sizes.tar} bytes`);
  console.log(`  memlog archive  ${oursMs.toFixed(0)} ms, ${sizes.ours} bytes (incl. manifest)`);
  console.log(
    `  speed ${(tarMs / oursMs).toFixed(2)}× tar's (target ≥ 0.8), size ${(sizes.ours / sizes.tar).toFixed(2)}× tar's (target ≤ 1)`,
  );
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
}

console.log(machineLine());
try {
  await firstArchive();
  await rerunAndGrowth();
  await bigSession();
} finally {
  rmSync(work, { recursive: true, force: true });
}
