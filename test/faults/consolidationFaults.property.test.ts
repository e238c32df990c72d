import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consolidateMemory, MemlogError, readEffectLog } from '../../src/index.js';
import { withFaults, type FaultPlan } from '../../src/testing/faults.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import { fcRuns } from '../support/fcRuns.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/**
 * The fault harness for consolidation: the Nth change to the file system fails (a full disk, a
 * short write, an I/O error, a permission; once or for good), for N anywhere in the run, over a
 * directory of ordinary names and over one holding a topic file whose name is as long as a name
 * can be but a few bytes (every temp name the run makes beside it must fit too). After the fault
 * the memory files are as they were, as the finished run leaves them, or half moved in by a run
 * whose commit is recorded, for the next run to finish; a rerun on a healthy disk ends as an uninterrupted
 * run does and leaves no run copy, temp file or lock behind.
 */

const runs = process.env['MEMLOG_FC_RUNS'] === undefined ? 20 : fcRuns;
const timeoutFor = (count: number, each: number): number => Math.max(60_000, Math.ceil(count) * each * 3);
const NOW = new Date('2026-12-01T00:00:00Z');
const LONG_NAME = `${'a'.repeat(247)}.md`;

const planOf = (calls: number): fc.Arbitrary<FaultPlan> =>
  fc.record({
    at: fc.integer({ min: 1, max: calls }),
    kind: fc.constantFrom('ENOSPC' as const, 'EIO' as const, 'EACCES' as const, 'short' as const),
    sticky: fc.boolean(),
  });

/** The demo memory with the same statement said three times, once in a file named `name`: merged into one, which is rewritten. */
function workbench(name: string) {
  const pristine = join(tempDir(), 'pristine');
  const work = join(tempDir(), 'work');
  cpSync(join(demoProjects, '-home-dev-acme-shop', 'memory'), join(pristine, 'memory'), { recursive: true });
  const said = readFileSync(join(pristine, 'memory', 'prefer-pnpm.md'), 'utf8');
  writeFileSync(join(pristine, 'memory', name), said.replace('prefer-pnpm', 'pnpm'));
  writeFileSync(join(pristine, 'memory', 'prefer-pnpm-2.md'), said);
  return {
    work,
    memory: join(work, 'memory'),
    reset(): void {
      rmSync(work, { recursive: true, force: true });
      cpSync(pristine, work, { recursive: true });
    },
  };
}

const memoryFiles = (dir: string) => dirSnapshot(dir, (path) => path.endsWith('.md'));

function expectReadableFailure(result: { ok: boolean; error?: unknown }): void {
  if (result.ok) return;
  const error = result.error as NodeJS.ErrnoException;
  expect(error instanceof MemlogError || typeof error.code === 'string', String(error)).toBe(true);
  expect(error.message).not.toContain('\n');
}

/** Whether the log records a consolidation's commit without its end: the next run finishes moving it in. */
function cutShort(log: string): boolean {
  const records = readEffectLog(log).records;
  const ended = new Set(records.flatMap((r) => (r.type === 'consolidation_finished' ? [r.runId] : [])));
  return records.some((r) => r.type === 'consolidation_started' && !ended.has(r.runId));
}

function expectWholeLines(path: string): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  if (text === '') return;
  expect(text.endsWith('\n'), `${path} ends inside a line`).toBe(true);
  expect(readEffectLog(path).diagnostics).toEqual([]);
}

describe('fault harness: consolidation at any failing change loses nothing and leaves nothing behind', () => {
  it.each([
    ['ordinary names', 'pnpm.md'],
    ['a topic file whose name is 250 bytes', LONG_NAME],
  ])(
    'memlog consolidate, %s',
    async (_, name) => {
      const bench = workbench(name);
      const consolidate = () => consolidateMemory({ memoryDir: bench.memory, force: true, now: () => NOW });
      bench.reset();
      const before = memoryFiles(bench.memory);
      const clean = await withFaults(null, consolidate);
      expect(clean.result.ok && clean.result.value.status).toBe('consolidated');
      const after = memoryFiles(bench.memory);
      expect(Object.keys(after)).toEqual(expect.arrayContaining([name]));
      expect(leftovers(bench.work)).toEqual([]);
      await fc.assert(
        fc.asyncProperty(planOf(clean.calls), async (plan) => {
          bench.reset();
          const run = await withFaults(plan, consolidate);
          expectReadableFailure(run.result);
          expectWholeLines(join(bench.work, '.memory.memlog-consolidation.jsonl'));
          const now = memoryFiles(bench.memory);
          const pending = cutShort(join(bench.work, '.memory.memlog-consolidation.jsonl'));
          expect(
            JSON.stringify(now) === JSON.stringify(before) || JSON.stringify(now) === JSON.stringify(after) || pending,
            `the memory is neither as it was nor as the run leaves it, and nothing waits to finish: ${run.trail.join(', ')}`,
          ).toBe(true);
          await consolidate();
          expect(memoryFiles(bench.memory)).toEqual(after);
          expect(leftovers(bench.work)).toEqual([]);
          expect(readdirSync(bench.memory).filter((file) => file.endsWith('.tmp'))).toEqual([]);
        }),
        { numRuns: runs },
      );
    },
    timeoutFor(runs, 500),
  );
});
