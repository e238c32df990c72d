import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLIDATE_LOCK, consolidateMemory, consolidationLogPath } from '../../src/jobs/index.js';
import { readConsolidationLock } from '../../src/jobs/consolidation/consolidationLock.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import type { KillPoint } from '../support/killAtFs.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { writeDriftedMemory } from '../support/memoryFiles.js';

/*
 * memlog consolidate killed with SIGKILL at each step of its apply (real child processes, each
 * stopped at one file-system call by test/support/killAtFs.ts, so the point is exact), then run
 * again. The memory directory must end byte for byte as an uninterrupted run leaves it, and a
 * run killed before its commit record must leave it exactly as it was.
 */

/** A project whose consolidation writes three files (one of them noted against CLAUDE.md) and removes one. */
function driftedProject(root: string): string {
  return writeDriftedMemory(join(root, 'project', 'memory'));
}

/** The memory directory's files, the lock aside (its body is a pid, its mtime a moment). */
const memoryFiles = (memory: string) => dirSnapshot(memory, (path) => path !== CONSOLIDATE_LOCK);
/** The directory's log, the moment each consolidation record says it ran (decision 79) masked: a rerun runs later. */
const logText = (memory: string): string =>
  existsSync(consolidationLogPath(memory))
    ? readFileSync(consolidationLogPath(memory), 'utf8').replace(/"time":"[^"]+"/g, '"time":"<when>"')
    : '';

interface Point {
  readonly name: string;
  readonly at: KillPoint;
  /** Whether the commit record is on disk when the run dies. */
  readonly committed: boolean;
}

const POINTS: readonly Point[] = [
  { name: 'while staging its files', at: { op: 'rename', match: '.memlog-run/', when: 'after' }, committed: false },
  { name: 'just before its commit record', at: { op: 'write', match: '"consolidation_started"', when: 'before' }, committed: false },
  { name: 'just after its commit record', at: { op: 'write', match: '"consolidation_started"', when: 'after' }, committed: true },
  { name: 'between two files moved in', at: { op: 'rename', match: '/memory/', except: CONSOLIDATE_LOCK, when: 'after' }, committed: true },
  { name: 'before removing the merged file', at: { op: 'rm', match: '/memory/tabs.md', when: 'before' }, committed: true },
  { name: 'just before its end record', at: { op: 'write', match: '"consolidation_finished"', when: 'before' }, committed: true },
  { name: 'just after its end record', at: { op: 'write', match: '"consolidation_finished"', when: 'after' }, committed: true },
];

describe('memlog consolidate killed with SIGKILL, then run again', () => {
  // For every test of the file (tempDir's folders go after each test).
  const shared = mkdtempSync(join(tmpdir(), 'memlog-consolidate-crash-'));
  afterAll(() => rmSync(shared, { recursive: true, force: true }));
  const claudeMd = join(shared, 'CLAUDE.md');
  let original: Record<string, string>;
  let expected: Record<string, string>;
  let expectedLog: string;

  beforeAll(async () => {
    writeFileSync(claudeMd, '# Style\n\n- Use 2-space indentation.\n');
    const reference = driftedProject(join(shared, 'reference'));
    original = memoryFiles(reference);
    const done = await consolidateMemory({ memoryDir: reference, force: true, claudeMd: [claudeMd] });
    expect(done.status).toBe('consolidated');
    expected = memoryFiles(reference);
    expectedLog = logText(reference);
    // The run under test has something of each kind to do: files to move in, one to remove, a note to add.
    expect(Object.keys(original).sort()).toEqual(['MEMORY.md', 'indent-tabs.md', 'staging-port.md', 'tabs.md']);
    expect(Object.keys(expected).sort()).toEqual(['MEMORY.md', 'indent-tabs.md', 'staging-port.md']);
    expect(Buffer.from(expected['indent-tabs.md']!, 'base64').toString()).toContain('> Contradicts CLAUDE.md');
  });

  it.each(POINTS.filter((p) => !p.committed))(
    'killed $name: the directory is as it was; the killed run counts for the gates, and --force then ends as an uninterrupted run',
    async ({ at }) => {
      const memory = driftedProject(tempDir());
      const killed = runCli(['consolidate', memory, '--claude-md', claudeMd], { killAt: at });
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      expect(memoryFiles(memory)).toEqual(original);
      expect(readEffectLog(consolidationLogPath(memory)).records.filter((r) => r.type === 'consolidation_started')).toEqual([]);
      // The lock names the dead run and nobody holds it; its mtime, the killed run's start, could not be put back.
      const lock = readConsolidationLock(memory);
      expect(readFileSync(join(memory, CONSOLIDATE_LOCK), 'utf8')).toMatch(/^\d+\n$/);
      expect(lock.heldBy).toBeNull();
      expect(lock.lastConsolidatedAt).not.toBeNull();

      const gated = runCli(['consolidate', memory, '--claude-md', claudeMd]);
      expect(gated.status).toBe(0);
      expect(gated.stdout).toBe(`${memory}: skipped: consolidated 0 h ago; it runs every 24 h (--force to run now)\n`);
      expect(memoryFiles(memory)).toEqual(original);

      const forced = await consolidateMemory({ memoryDir: memory, force: true, claudeMd: [claudeMd] });
      expect(forced.status).toBe('consolidated');
      expect(memoryFiles(memory)).toEqual(expected);
      expect(logText(memory)).toBe(expectedLog);
      expect(leftovers(join(memory, '..'))).toEqual([]);
    },
    90_000,
  );

  it.each(POINTS.filter((p) => p.committed))(
    'killed $name: the next run finishes it, gates or not, and the directory ends as an uninterrupted run',
    async ({ name, at }) => {
      const memory = driftedProject(tempDir());
      const killed = runCli(['consolidate', memory, '--claude-md', claudeMd], { killAt: at });
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const records = readEffectLog(consolidationLogPath(memory)).records;
      const ended = records.some((r) => r.type === 'consolidation_finished');
      expect(records.map((r) => r.type)).toEqual(['consolidation_started', ...(ended ? ['consolidation_finished'] : [])]);
      if (name === 'between two files moved in') {
        // Really half way: the first file is in, the index still the old one, the merged file still there.
        const now = memoryFiles(memory);
        expect(now['indent-tabs.md']).toBe(expected['indent-tabs.md']);
        expect(now['MEMORY.md']).toBe(original['MEMORY.md']);
        expect(now['tabs.md']).toBe(original['tabs.md']);
      }
      const killedAt = statSync(join(memory, CONSOLIDATE_LOCK)).mtimeMs;

      // Without --force: the gates hold back a new consolidation, not the end of the committed one.
      const next = runCli(['consolidate', memory, '--claude-md', claudeMd]);
      expect(next.status, next.stderr).toBe(0);
      expect(next.stdout).toBe(
        `${ended ? '' : `${memory}: finished consolidation@0, which a killed run had recorded and not finished\n`}${memory}: skipped: consolidated 0 h ago; it runs every 24 h (--force to run now)\n`,
      );
      expect(memoryFiles(memory)).toEqual(expected);
      expect(logText(memory)).toBe(expectedLog);
      expect(leftovers(join(memory, '..'))).toEqual([]);
      // The consolidation happened when the killed run planned it: the lock keeps that time (to the millisecond a Date holds).
      expect(Math.abs(statSync(join(memory, CONSOLIDATE_LOCK)).mtimeMs - killedAt)).toBeLessThan(1);

      const forced = await consolidateMemory({ memoryDir: memory, force: true, claudeMd: [claudeMd] });
      expect(forced.status).toBe('unchanged');
      expect(memoryFiles(memory)).toEqual(expected);
    },
    90_000,
  );

  it('killed twice, the second time while finishing the first, still ends as an uninterrupted run', () => {
    const memory = driftedProject(tempDir());
    const first = runCli(['consolidate', memory, '--claude-md', claudeMd], { killAt: POINTS[3]!.at });
    expect(first.signal).toBe('SIGKILL');
    // The rerun dies as it moves in the next file of the committed run.
    const second = runCli(['consolidate', memory, '--claude-md', claudeMd], {
      killAt: { op: 'rename', match: '/memory/', except: CONSOLIDATE_LOCK, when: 'after' },
    });
    expect(second.signal).toBe('SIGKILL');
    const third = runCli(['consolidate', memory, '--claude-md', claudeMd]);
    expect(third.stdout).toContain('finished consolidation@0');
    expect(memoryFiles(memory)).toEqual(expected);
    expect(logText(memory)).toBe(expectedLog);
  }, 90_000);
});
