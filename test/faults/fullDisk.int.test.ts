import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readEffectLog } from '../../src/index.js';
import { CONSOLIDATE_LOCK, consolidationLogPath } from '../../src/jobs/index.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import { fcRuns } from '../support/fcRuns.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/**
 * A real full disk: a small tmpfs mounted for the test (CI runs as root). Where mounting is
 * refused the tests say so and are skipped, except in CI, where they fail.
 */
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const DISK_BYTES = 4 * 1024 * 1024;

// Not tempDir(): that folder is removed after every test, and this one must outlive them all.
const mountPoint = mkdtempSync(join(tmpdir(), 'memlog-full-disk-'));
let refused: string | null = null;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES},mode=0700`, 'tmpfs', mountPoint], { stdio: 'pipe' });
} catch (error) {
  refused = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
  if (!inCi) process.stderr.write(`memlog: full-disk tests skipped: cannot mount a tmpfs here (${refused}); CI runs them as root\n`);
}
const mounted = refused === null;

afterAll(() => {
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const filler = () => join(mountPoint, 'filler');

// Not tempDir() either: the extract tests below read one project and compare with one uninterrupted run of it.
const referenceRoot = mkdtempSync(join(tmpdir(), 'memlog-full-disk-reference-'));
afterAll(() => rmSync(referenceRoot, { recursive: true, force: true }));
let reference: { readonly projects: string; readonly out: string } | undefined;

/**
 * The demo's acme project without its memory, and what an uninterrupted extract of it with room
 * writes: made once for every test that compares with it (extract --out writes nothing into the
 * projects it reads), since each is a whole CLI run (decision 118).
 */
function uninterruptedExtract(): { readonly projects: string; readonly out: string } {
  if (reference !== undefined) return reference;
  const projects = join(referenceRoot, 'projects');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), join(projects, 'acme'), { recursive: true });
  rmSync(join(projects, 'acme', 'memory'), { recursive: true, force: true });
  const out = join(referenceRoot, 'out');
  expect(runCli(['extract', projects, '--out', out, '--model', 'offline']).status).toBe(0);
  reference = { projects, out };
  return reference;
}

/**
 * The fill levels a sweep tries in one run: a few, drawn by fast-check (its seed is printed when one
 * fails), since each level costs whole CLI runs; a claim about any level holds at each one drawn,
 * and successive runs meet every level (decision 118). MEMLOG_FC_RUNS raises it as for every property.
 */
const levelRuns = Math.max(1, Math.ceil(fcRuns / 25));

/** Fills the disk so that about `leave` bytes stay free (tmpfs counts in pages of 4 KiB). */
function fillDisk(leave: number): void {
  rmSync(filler(), { force: true });
  const stats = statfsSync(mountPoint);
  const free = Number(stats.bavail) * Number(stats.bsize);
  writeFileSync(filler(), Buffer.alloc(Math.max(0, free - leave)));
}

function freeDisk(): void {
  rmSync(filler(), { force: true });
}

/** A clean folder on the small disk. */
function onDisk(name: string): string {
  const dir = join(mountPoint, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** One line on stderr naming the full disk, no stack trace. */
function expectOneLine(stderr: string): void {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('memlog: using the offline model'));
  expect(lines.length, stderr).toBe(1);
  expect(lines[0]).toMatch(/^memlog: .*no space left on device/);
  expect(stderr).not.toMatch(/^\s+at /m);
}

/** A compaction's entries carry the moment they were written: the only bytes two runs may differ by. */
const timeless = (text: string): string => text.replace(/"timestamp":"[^"]+"/g, '"timestamp":"-"');

function expectWholeJsonLines(path: string): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  if (text === '') return;
  expect(text.endsWith('\n'), `${path} ends inside a line`).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
}

describe.skipIf(!mounted && !inCi)('on a real full disk (tmpfs)', () => {
  it('the test disk is mounted', () => {
    if (!mounted) throw new Error(`CI must be able to mount a tmpfs for the full-disk tests (it runs as root): ${refused ?? ''}`);
    expect(statfsSync(mountPoint).blocks).toBeGreaterThan(0);
  });

  it('memlog compact on a full disk: one line, the live transcript byte for byte as it was, and the compaction whole once there is room', () => {
    const dir = onDisk('compact');
    const transcript = join(dir, `${SESSION}.jsonl`);
    cpSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), transcript);
    const original = readFileSync(transcript);
    const args = ['compact', transcript, '--strategy', 'summary', '--model', 'offline', '--context-window', '40000'];
    // One page for the lock; then the last page of the transcript has room for part of the compaction: a short write.
    fillDisk(4096);
    const full = runCli(args);
    expect(full.status).toBe(2);
    expectOneLine(full.stderr);
    expect(readFileSync(transcript).equals(original)).toBe(true);
    expect(leftovers(dir)).toEqual([]);
    freeDisk();
    const roomy = runCli(args);
    expect(roomy.stderr).toBe('');
    expect(roomy.status).toBe(0);
    const after = readFileSync(transcript);
    expect(after.subarray(0, original.length).equals(original)).toBe(true);
    expectWholeJsonLines(transcript);
    expect(after.toString('utf8')).toContain('"subtype":"compact_boundary"');
  });

  it('memlog compact at any fill level (0–6 pages free, a few drawn each run): exit 0, or exit 2 with one line naming the file the disk refused; the rerun records the compaction once', () => {
    const args = (transcript: string) => [
      'compact',
      transcript,
      '--strategy',
      'summary',
      '--model',
      'offline',
      '--context-window',
      '40000',
    ];
    const dir = onDisk('compact-levels');
    const transcript = join(dir, `${SESSION}.jsonl`);
    const lay = () => {
      rmSync(join(dir, `${SESSION}.memlog.jsonl`), { force: true });
      cpSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), transcript);
    };
    lay();
    expect(runCli(args(transcript)).status).toBe(0);
    const reference = timeless(readFileSync(transcript, 'utf8'));
    const original = readFileSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`));
    const atLevel = (pages: number): void => {
      lay();
      fillDisk(pages * 4096);
      const full = runCli(args(transcript));
      freeDisk();
      const where = `${pages} page(s) free: ${full.stderr}`;
      if (full.status !== 0) {
        expect(full.status, where).toBe(2);
        expectOneLine(full.stderr);
        expect(full.stderr, where).toContain(`${dir}/`);
        expect(full.stderr, where).toMatch(/: no space left on device/);
      }
      const recorded = readEffectLog(join(dir, `${SESSION}.memlog.jsonl`)).records.some((r) => r.type === 'compacted');
      expect(readFileSync(transcript).equals(original), where).toBe(!recorded);
      const rerun = runCli(args(transcript));
      expect(rerun.status, where).toBe(0);
      expect(timeless(readFileSync(transcript, 'utf8')), where).toBe(reference);
      expect(readEffectLog(join(dir, `${SESSION}.memlog.jsonl`)).records.filter((r) => r.type === 'compacted').length, where).toBe(1);
      expect(leftovers(dir), where).toEqual([]);
    };
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), atLevel), { numRuns: levelRuns });
  }, 600_000);

  it('memlog extract at any fill level (0–12 pages free, a few drawn each run): a full disk fails the session or the project (exit 1), each line names the file the disk refused, and no consolidation lock is left by a consolidation that never committed', () => {
    const projects = join(tempDir(), 'projects');
    cpSync(join(demoProjects, '-home-dev-acme-shop'), join(projects, 'acme'), { recursive: true });
    rmSync(join(projects, 'acme', 'memory'), { recursive: true, force: true });
    const atLevel = (pages: number): void => {
      const out = onDisk(`extract-levels`);
      fillDisk(pages * 4096);
      const full = runCli(['extract', projects, '--out', out, '--model', 'offline']);
      freeDisk();
      const where = `${pages} page(s) free: ${full.stderr}`;
      expect([0, 1], where).toContain(full.status);
      expect(full.stderr, where).not.toMatch(/^\s+at /m);
      for (const line of `${full.stderr}${full.stdout}`.split('\n').filter((l) => l.includes('no space left on device')))
        expect(line, where).toMatch(new RegExp(`${out}/[^:]*: no space left on device`));
      const memoryDir = join(out, 'acme', 'memory');
      const committed = readEffectLog(consolidationLogPath(memoryDir)).records.some((r) => r.type === 'consolidation_started');
      if (!committed) expect(existsSync(join(memoryDir, CONSOLIDATE_LOCK)), where).toBe(false);
    };
    fc.assert(fc.property(fc.integer({ min: 0, max: 12 }), atLevel), { numRuns: levelRuns });
  }, 600_000);

  it.each([3, 7])(
    'memlog extract with %i pages free: fails with one line, records nothing it did not apply, and a rerun with room ends as an uninterrupted run',
    (pages) => {
      const { projects, out: reference } = uninterruptedExtract();
      const out = onDisk(`extract-${pages}`);
      fillDisk(pages * 4096);
      const full = runCli(['extract', projects, '--out', out, '--model', 'offline']);
      // A session (stderr, as it ends) or the project's consolidation (the report) failed.
      expect(full.status).toBe(1);
      expect(full.stderr + full.stdout).toMatch(/no space left on device/);
      expect(full.stderr).not.toMatch(/^\s+at /m);
      const effects = join(out, 'acme', 'effects');
      for (const name of existsSync(effects) ? readdirSync(effects) : []) {
        expectWholeJsonLines(join(effects, name));
        expect(readEffectLog(join(effects, name)).diagnostics).toEqual([]);
      }
      const memoryDir = join(out, 'acme', 'memory');
      const index = existsSync(join(memoryDir, 'MEMORY.md')) ? readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8') : '';
      const unindexed = (existsSync(memoryDir) ? readdirSync(memoryDir) : []).filter(
        (name) => name.endsWith('.md') && name !== 'MEMORY.md' && !index.includes(`(${name})`),
      );
      const pending = leftovers(out).some((path) => path.endsWith('.memlog-run'));
      expect(unindexed.length === 0 || pending, `memory outside the index: ${unindexed.join(', ')}`).toBe(true);
      freeDisk();
      const rerun = runCli(['extract', projects, '--out', out, '--model', 'offline']);
      expect(rerun.status).toBe(0);
      // The consolidation lock's body is the pid of its last holder: which process that was is no part of the result.
      const files = (dir: string) => dirSnapshot(dir, (path) => path !== CONSOLIDATE_LOCK);
      expect(files(memoryDir)).toEqual(files(join(reference, 'acme', 'memory')));
      expect(leftovers(out)).toEqual([]);
    },
  );

  it.each([1])(
    'memlog notes with %i pages free: fails with one line, the notes as the log says, and a rerun with room ends as an uninterrupted build',
    (pages) => {
      const project = join(tempDir(), 'project');
      cpSync(join(demoProjects, '-home-dev-acme-shop'), project, { recursive: true });
      const transcript = join(project, `${SESSION}.jsonl`);
      const reference = tempDir();
      const config = tempDir();
      expect(
        runCli([
          'notes',
          transcript,
          '--model',
          'offline',
          '--notes',
          join(reference, 'notes.md'),
          '--effects',
          join(reference, 'effects.jsonl'),
          '--config-dir',
          config,
        ]).status,
      ).toBe(0);
      const dir = onDisk(`notes-${pages}`);
      const args = [
        'notes',
        transcript,
        '--model',
        'offline',
        '--notes',
        join(dir, 'session-memory', 'summary.md'),
        '--effects',
        join(dir, 'effects.jsonl'),
        '--config-dir',
        config,
      ];
      fillDisk(pages * 4096);
      const full = runCli(args);
      expect(full.status).not.toBe(0);
      expect(full.stderr).toMatch(new RegExp(`${dir}/[^:]*: no space left on device`));
      expect(full.stderr).not.toMatch(/^\s+at /m);
      expectWholeJsonLines(join(dir, 'effects.jsonl'));
      freeDisk();
      // compact must not wait on a run marker the failed build left: it finishes at once.
      const compact = runCli([
        'compact',
        transcript,
        '--dry-run',
        '--notes',
        join(dir, 'session-memory', 'summary.md'),
        '--effects',
        join(dir, 'effects.jsonl'),
      ]);
      expect(compact.status).toBe(0);
      const rerun = runCli(args);
      expect(rerun.status).toBe(0);
      expect(readFileSync(join(dir, 'session-memory', 'summary.md'), 'utf8')).toBe(readFileSync(join(reference, 'notes.md'), 'utf8'));
      expect(leftovers(dir)).toEqual([]);
    },
  );

  it('memlog archive at several fill levels: exit 0, or exit 2 with one line naming the full disk; the archive stays valid and a rerun completes it', () => {
    const projects = join(tempDir(), 'projects');
    cpSync(demoProjects, projects, { recursive: true });
    const sources = [join(projects, '-home-dev-acme-shop'), join(projects, '-home-dev-notes-cli')];
    let refusedRuns = 0;
    for (const pages of [0, 2, 6, 12]) {
      const archive = join(onDisk(`archive-${pages}`), 'archive');
      fillDisk(pages * 4096);
      const full = runCli(['archive', ...sources, '--to', archive]);
      if (full.status !== 0) {
        refusedRuns++;
        expect(full.status, full.stderr).toBe(2);
        expectOneLine(full.stderr);
      }
      freeDisk();
      expect(runCli(['archive', ...sources, '--to', archive]).status).toBe(0);
      expect(runCli(['archive', 'verify', '--archive', archive]).stdout).toMatch(/verified 6 file\(s\), 6 version\(s\), .*: all good\n$/);
      const into = tempDir();
      expect(runCli(['archive', 'restore', '--all', '--archive', archive, '--to', into]).status).toBe(0);
      const key = join('-home-dev-acme-shop', `${SESSION}.jsonl`);
      expect(readFileSync(join(into, key)).equals(readFileSync(join(projects, key)))).toBe(true);
      rmSync(join(mountPoint, `archive-${pages}`), { recursive: true, force: true });
    }
    // The demo's pieces take more than the fullest levels leave: at least one run met the full disk.
    expect(refusedRuns).toBeGreaterThan(0);
  }, 300_000);
});
