import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backfillMemories,
  buildSessionNotes,
  compactTranscript,
  consolidateMemory,
  DEFAULT_NOTES_TEMPLATE,
  extractMemories,
  loadNotesConfig,
  MemlogError,
  OfflineModel,
  readEffectLog,
} from '../../src/index.js';
import { CONSOLIDATE_LOCK, consolidationLogPath, NotesRunOutcome, stagingPath } from '../../src/jobs/index.js';
import { withoutInterrupted } from '../../src/pipeline/index.js';
import type { RunFinishedRecord } from '../../src/pipeline/effectRecord.js';
import { withFaults, type FaultPlan } from '../../src/testing/faults.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import { fcRuns } from '../support/fcRuns.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/**
 * The fault harness (decision 37): every command that writes is run with the Nth change to the file
 * system failing, for N anywhere in the run, as a full disk, a short write, an I/O error or a
 * permission, once or for good. After the fault: the transcript's bytes are as they were (or
 * hold the whole result), no line is torn, nothing is recorded as done that is not on disk (or
 * waiting, staged, for the next reader to finish moving in); and a rerun on a healthy disk ends
 * exactly as an uninterrupted run does and leaves nothing behind (a lock whose removal the disk
 * refused is stale, and the rerun takes it over). Points the harness must always reach are
 * sampled on purpose besides: compact's append and its record, each in turn; Claude Code's
 * consolidation lock, which a run that never committed leaves as it found it (decision 63).
 */

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
/** Each run is a whole command twice: fewer than the suite's default, unless MEMLOG_FC_RUNS asks for more. */
const runs = process.env['MEMLOG_FC_RUNS'] === undefined ? 20 : fcRuns;

/** A generous bound for a property of `count` runs that each take about `each` ms on a loaded 2-core machine. */
const timeoutFor = (count: number, each: number): number => Math.max(60_000, Math.ceil(count) * each * 3);

/** Plans that fill the disk at one of these points (those where the lock is taken, say), for good. */
const fullDiskAt = (points: readonly number[]): fc.Arbitrary<FaultPlan> =>
  fc.record({ at: fc.constantFrom(...points), kind: fc.constantFrom('ENOSPC' as const, 'short' as const), sticky: fc.constant(true) });

/** The points of a clean run's trail that change Claude Code's consolidation lock and need space. */
const lockPoints = (trail: readonly string[]): number[] =>
  trail.filter((point) => /^\d+ (open|write|fsync|rename) .*consolidate-lock/.test(point)).map((point) => Number(point.split(' ')[0]));

const planOf = (calls: number, from = 1): fc.Arbitrary<FaultPlan> =>
  fc.record({
    at: fc.integer({ min: from, max: calls }),
    kind: fc.constantFrom('ENOSPC' as const, 'EIO' as const, 'EACCES' as const, 'short' as const),
    sticky: fc.boolean(),
  });

/** A working copy laid anew from a pristine one at the same path (ids and prompts name the path). */
function workbench(prepare?: (work: string) => Promise<void>) {
  const root = tempDir();
  const pristine = join(root, 'pristine');
  const work = join(root, 'work');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), join(pristine, 'project'), { recursive: true });
  rmSync(join(pristine, 'project', 'memory'), { recursive: true, force: true });
  return {
    work,
    async init(): Promise<void> {
      if (prepare === undefined) return;
      this.reset();
      await prepare(work);
      rmSync(pristine, { recursive: true, force: true });
      cpSync(work, pristine, { recursive: true });
    },
    reset(): void {
      rmSync(work, { recursive: true, force: true });
      cpSync(pristine, work, { recursive: true });
    },
  };
}

/** No line of a file we append to is cut: it is empty or ends a line, and every line is JSON. */
function expectWholeLines(path: string): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path, 'utf8');
  if (text === '') return;
  expect(text.endsWith('\n'), `${path} ends inside a line`).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) expect(() => JSON.parse(line) as unknown, `a torn line in ${path}`).not.toThrow();
}

/** A failed command fails with one readable line: memlog's own error or the errno of the fault, never a crash elsewhere. */
function expectReadableFailure(result: { ok: boolean; error?: unknown }): void {
  if (result.ok) return;
  const error = result.error as NodeJS.ErrnoException;
  expect(error instanceof MemlogError || typeof error.code === 'string', String(error)).toBe(true);
  expect(error.message).not.toContain('\n');
}

describe('fault harness: a failing disk at any point loses nothing and records nothing that did not happen', () => {
  it(
    'memlog compact (extractive rung, appending to the live transcript)',
    async () => {
      const bench = workbench();
      const transcript = () => join(bench.work, 'project', `${SESSION}.jsonl`);
      const compact = () =>
        compactTranscript({
          transcriptPath: transcript(),
          strategy: 'auto',
          now: () => new Date(0),
          autocompact: { contextWindow: 40_000 },
        });
      bench.reset();
      const original = readFileSync(transcript());
      const clean = await withFaults(null, compact);
      expect(clean.result.ok && clean.result.value.strategy).toBe('extractive');
      const compacted = readFileSync(transcript());
      expect(compacted.length).toBeGreaterThan(original.length);
      const logPath = () => join(bench.work, 'project', `${SESSION}.memlog.jsonl`);
      const cleanLog = readFileSync(logPath(), 'utf8');
      await fc.assert(
        fc.asyncProperty(planOf(clean.calls), async (plan) => {
          bench.reset();
          const run = await withFaults(plan, compact);
          expectReadableFailure(run.result);
          const after = readFileSync(transcript());
          expect(
            after.equals(original) || after.equals(compacted),
            `the transcript is neither as it was nor whole: ${run.trail.join(', ')}`,
          ).toBe(true);
          const log = readEffectLog(logPath());
          expect(log.diagnostics).toEqual([]);
          if (log.records.some((r) => r.type === 'compacted')) expect(after.equals(compacted)).toBe(true);
          const rerun = await compact();
          expect(rerun.diagnostics).toEqual([]);
          expect(readFileSync(transcript()).equals(compacted)).toBe(true);
          expect(readFileSync(logPath()).toString('utf8'), `the rerun's record differs: ${run.trail.join(', ')}`).toBe(cleanLog);
          expect(leftovers(bench.work)).toEqual([]);
        }),
        { numRuns: runs },
      );
    },
    timeoutFor(runs, 500),
  );

  it(
    'memlog compact: a disk that fills up at each point in turn, the append and its record included: both land or neither, and the rerun ends byte for byte as an uninterrupted run',
    async () => {
      const bench = workbench();
      const transcript = () => join(bench.work, 'project', `${SESSION}.jsonl`);
      const logPath = () => join(bench.work, 'project', `${SESSION}.memlog.jsonl`);
      const compact = () =>
        compactTranscript({
          transcriptPath: transcript(),
          strategy: 'auto',
          now: () => new Date(0),
          autocompact: { contextWindow: 40_000 },
        });
      bench.reset();
      const original = readFileSync(transcript());
      const clean = await withFaults(null, compact);
      expect(clean.result.ok).toBe(true);
      const compacted = readFileSync(transcript());
      const cleanLog = readFileSync(logPath());
      for (let at = 1; at <= clean.calls; at++)
        for (const kind of ['ENOSPC', 'short'] as const) {
          bench.reset();
          const run = await withFaults({ at, kind, sticky: true }, compact);
          const where = `${kind} at ${at}: ${run.trail.join(', ')}`;
          // (Removing the lock at the end is the one change whose failure the run outlives.)
          expectReadableFailure(run.result);
          const after = readFileSync(transcript());
          expect(after.equals(original) || after.equals(compacted), where).toBe(true);
          const records = readEffectLog(logPath()).records;
          // The record and the append go together: a compaction in the transcript is recorded, or recorded as begun for the next run to finish.
          if (after.equals(compacted))
            expect(
              records.some((r) => r.type === 'compacted' || r.type === 'compaction_started'),
              where,
            ).toBe(true);
          const rerun = await compact();
          expect(rerun.diagnostics).toEqual([]);
          expect(readFileSync(transcript()).equals(compacted), where).toBe(true);
          expect(readFileSync(logPath()).toString('utf8'), where).toBe(cleanLog.toString('utf8'));
          expect(leftovers(bench.work), where).toEqual([]);
        }
    },
    timeoutFor(40, 500),
  );

  it(
    'memlog compact --out (a copy: removed again when the write fails)',
    async () => {
      const bench = workbench();
      const out = () => join(bench.work, 'compacted.jsonl');
      const compact = () =>
        compactTranscript({
          transcriptPath: join(bench.work, 'project', `${SESSION}.jsonl`),
          out: out(),
          strategy: 'auto',
          now: () => new Date(0),
          autocompact: { contextWindow: 40_000 },
        });
      bench.reset();
      const original = readFileSync(join(bench.work, 'project', `${SESSION}.jsonl`));
      const clean = await withFaults(null, compact);
      const whole = readFileSync(out());
      await fc.assert(
        fc.asyncProperty(planOf(clean.calls), async (plan) => {
          bench.reset();
          const run = await withFaults(plan, compact);
          expectReadableFailure(run.result);
          expect(readFileSync(join(bench.work, 'project', `${SESSION}.jsonl`)).equals(original)).toBe(true);
          expect(!existsSync(out()) || readFileSync(out()).equals(whole), `a partial copy was left: ${run.trail.join(', ')}`).toBe(true);
          rmSync(out(), { force: true });
          await compact();
          expect(readFileSync(out()).equals(whole)).toBe(true);
        }),
        { numRuns: Math.ceil(runs / 2) },
      );
    },
    timeoutFor(runs / 2, 500),
  );

  it(
    'memlog notes',
    async () => {
      const bench = workbench();
      const notesPath = () => join(bench.work, 'notes', 'summary.md');
      const logPath = () => join(bench.work, 'effects.jsonl');
      const config = await loadNotesConfig(tempDir());
      const build = () =>
        buildSessionNotes({
          transcriptPath: join(bench.work, 'project', `${SESSION}.jsonl`),
          notesPath: notesPath(),
          effectLogPath: logPath(),
          model: new OfflineModel(),
          config,
        });
      bench.reset();
      const clean = await withFaults(null, build);
      expect(clean.result.ok && clean.result.value.runs.length).toBeGreaterThan(1);
      const notes = readFileSync(notesPath(), 'utf8');
      await fc.assert(
        fc.asyncProperty(planOf(clean.calls), async (plan) => {
          bench.reset();
          const run = await withFaults(plan, build);
          expectReadableFailure(run.result);
          expectWholeLines(logPath());
          const log = readEffectLog(logPath());
          expect(log.diagnostics).toEqual([]);
          // What the log says the notes are is what is on disk, or waits beside it in the run's
          // staged copy for the next reader to finish moving in (the rename was what failed).
          const finished = withoutInterrupted(log.records).filter(
            (r): r is RunFinishedRecord => r.type === 'run_finished' && r.run === 'session_notes',
          );
          const last = finished.at(-1);
          const current = existsSync(notesPath()) ? readFileSync(notesPath(), 'utf8') : null;
          if (last === undefined)
            expect(current === null || current === DEFAULT_NOTES_TEMPLATE, `notes changed without a record: ${run.trail.join(', ')}`).toBe(
              true,
            );
          else {
            const after = NotesRunOutcome.parse(last.outcome).after;
            const staged = stagingPath(notesPath(), last.runId);
            const pending = existsSync(staged) && sha256(readFileSync(staged, 'utf8')) === after;
            expect(
              sha256(current ?? '') === after || pending,
              `the log says the notes are newer than they are: ${run.trail.join(', ')}`,
            ).toBe(true);
          }
          const rerun = await build();
          expect(rerun.runs.every((r) => r.ok)).toBe(true);
          expect(readFileSync(notesPath(), 'utf8')).toBe(notes);
          expect(leftovers(bench.work)).toEqual([]);
        }),
        { numRuns: runs },
      );
    },
    timeoutFor(runs, 1_500),
  );

  it(
    "memlog extract (two phases): the consolidation under Claude Code's lock leaves no lock, or its old time, when it never committed",
    async () => {
      const bench = workbench();
      const out = () => join(bench.work, 'out');
      const memoryDir = () => join(out(), 'project', 'memory');
      const backfill = () => backfillMemories({ root: join(bench.work, 'project'), out: out(), model: new OfflineModel(), concurrency: 1 });
      bench.reset();
      const clean = await withFaults(null, backfill);
      expect(clean.result.ok && clean.result.value.projects[0]?.consolidated.status).toBe('consolidated');
      const memory = dirSnapshot(memoryDir(), (path) => path !== CONSOLIDATE_LOCK);
      expect(lockPoints(clean.trail).length).toBeGreaterThan(0);
      await fc.assert(
        // Faults from the consolidation on: one in phase 1 fails a session whose candidates are merged
        // by a later run after the others', so the index lists them in another order (decision 44).
        fc.asyncProperty(
          fc.oneof(planOf(clean.calls, Math.min(...lockPoints(clean.trail))), fullDiskAt(lockPoints(clean.trail))),
          async (plan) => {
            bench.reset();
            const run = await withFaults(plan, backfill);
            expectReadableFailure(run.result);
            const committed = readEffectLog(consolidationLogPath(memoryDir())).records.some((r) => r.type === 'consolidation_started');
            // The disk refusing the lock's own removal is the one fault that leaves it (stale: the next run takes it over).
            const failedAt = run.trail.find((point) => point.startsWith(`${plan.at} `)) ?? '';
            const refusedRelease = /^\d+ rm .*\.consolidate-lock$/.test(failedAt);
            if (!committed && !refusedRelease)
              expect(existsSync(join(memoryDir(), CONSOLIDATE_LOCK)), `a lock without a consolidation: ${run.trail.join(', ')}`).toBe(
                false,
              );
            const rerun = await backfill();
            expect(rerun.failedSessions + rerun.failedProjects).toBe(0);
            expect(dirSnapshot(memoryDir(), (path) => path !== CONSOLIDATE_LOCK)).toEqual(memory);
            expect(leftovers(bench.work)).toEqual([]);
          },
        ),
        { numRuns: Math.ceil(runs / 2) },
      );
    },
    timeoutFor(runs / 2, 2_500),
  );

  it(
    'memlog consolidate over a directory consolidated last week: a run the disk stops before its commit puts the lock back to last week',
    async () => {
      const lastWeek = new Date('2026-11-25T12:00:00Z');
      const bench = workbench(async (work) => {
        const extracted = await extractMemories({
          root: join(work, 'project'),
          out: join(work, 'out'),
          model: new OfflineModel(),
          concurrency: 1,
        });
        expect(extracted.failedSessions).toBe(0);
      });
      await bench.init();
      const memoryDir = () => join(bench.work, 'out', 'project', 'memory');
      const lock = () => join(memoryDir(), CONSOLIDATE_LOCK);
      const prepare = (): void => {
        bench.reset();
        writeFileSync(lock(), '999999\n');
        utimesSync(lock(), lastWeek, lastWeek);
        // A memory said twice: the consolidation has something to merge.
        const topic = readdirSync(memoryDir()).find((name) => name.endsWith('.md') && name !== 'MEMORY.md')!;
        writeFileSync(join(memoryDir(), `again-${topic}`), readFileSync(join(memoryDir(), topic)));
      };
      const consolidate = () => consolidateMemory({ memoryDir: memoryDir(), force: true, now: () => new Date('2026-12-01T00:00:00Z') });
      prepare();
      const clean = await withFaults(null, consolidate);
      expect(clean.result.ok && clean.result.value.status).toBe('consolidated');
      expect(lockPoints(clean.trail).length).toBeGreaterThan(0);
      await fc.assert(
        // Faults from the consolidation on: one in phase 1 fails a session whose candidates are merged
        // by a later run after the others', so the index lists them in another order (decision 44).
        fc.asyncProperty(
          fc.oneof(planOf(clean.calls, Math.min(...lockPoints(clean.trail))), fullDiskAt(lockPoints(clean.trail))),
          async (plan) => {
            prepare();
            const run = await withFaults(plan, consolidate);
            expectReadableFailure(run.result);
            const committed = readEffectLog(consolidationLogPath(memoryDir())).records.some((r) => r.type === 'consolidation_started');
            const failedAt = run.trail.find((point) => point.startsWith(`${plan.at} `)) ?? '';
            const refusedRelease = /^\d+ (rm|utimes) .*\.consolidate-lock$/.test(failedAt);
            if (!committed && !refusedRelease)
              expect(statSync(lock()).mtime.toISOString(), `the lock's time moved: ${run.trail.join(', ')}`).toBe(lastWeek.toISOString());
            expect(
              leftovers(memoryDir()).filter((path) => !path.includes('.memlog-run')),
              run.trail.join(', '),
            ).toEqual([]);
          },
        ),
        { numRuns: Math.ceil(runs / 2) },
      );
    },
    timeoutFor(runs / 2, 1_000),
  );

  it("memlog extract: the agent's own write of MEMORY.md meets a full disk: the run fails, nothing of it is applied or recorded as finished", async () => {
    const bench = workbench();
    const out = () => join(bench.work, 'out');
    const extract = () => extractMemories({ root: join(bench.work, 'project'), out: out(), model: new OfflineModel(), concurrency: 1 });
    bench.reset();
    const clean = await withFaults(null, extract);
    const memory = dirSnapshot(join(out(), 'project', 'memory'));
    // The first time the agent writes the index in its run copy: the write of the temp file the
    // Edit or Write tool then renames to MEMORY.md.
    const renamed = clean.trail.findIndex((line) => / rename .*\.memlog-run\/MEMORY\.md$/.test(line));
    const point = clean.trail.slice(0, renamed).findLast((line) => / write .*\.memlog-run\/\.memlog\.[0-9a-f]{12}\.tmp/.test(line));
    expect(point).toBeDefined();
    const at = Number(point?.split(' ')[0]);
    bench.reset();
    const run = await withFaults({ at, kind: 'ENOSPC' }, extract);
    expect(run.fired).toBe(true);
    // The session is reported failed with the one-line reason, and the project stops there.
    const report = run.result.ok ? run.result.value : undefined;
    expect(report?.failedSessions).toBe(1);
    expect(report?.sessions.find((s) => s.error !== undefined)?.error).toMatch(/no space left on device/);
    const effects = join(out(), 'project', 'effects');
    const records = readdirSync(effects).flatMap((name) => readEffectLog(join(effects, name)).records);
    const failed = records.find((r) => r.type === 'run_failed');
    expect(failed).toMatchObject({ interrupted: true });
    expect(records.some((r) => r.type === 'run_finished' && failed?.type === 'run_failed' && r.runId === failed.runId)).toBe(false);
    // Nothing the failed run wrote is in the memory directory, and no run copy is left.
    expect(existsSync(join(out(), 'project', 'memory', 'MEMORY.md'))).toBe(false);
    expect(leftovers(out()).filter((path) => path.includes('.memlog-run'))).toEqual([]);
    await extract();
    expect(dirSnapshot(join(out(), 'project', 'memory'))).toEqual(memory);
  });

  it(
    'memlog extract',
    async () => {
      const bench = workbench();
      const out = () => join(bench.work, 'out');
      const extract = () => extractMemories({ root: join(bench.work, 'project'), out: out(), model: new OfflineModel(), concurrency: 1 });
      bench.reset();
      const clean = await withFaults(null, extract);
      expect(clean.result.ok && clean.result.value.processed).toBeGreaterThan(1);
      const memoryDir = join(out(), 'project', 'memory');
      const memory = dirSnapshot(memoryDir);
      expect(Object.keys(memory).length).toBeGreaterThan(2);
      await fc.assert(
        fc.asyncProperty(planOf(clean.calls), async (plan) => {
          bench.reset();
          const run = await withFaults(plan, extract);
          expectReadableFailure(run.result);
          const effects = join(out(), 'project', 'effects');
          for (const name of existsSync(effects) ? readdirSync(effects) : []) {
            expectWholeLines(join(effects, name));
            expect(readEffectLog(join(effects, name)).diagnostics).toEqual([]);
          }
          // A topic file the index does not name is only there while a finished run's copy waits to finish moving in.
          const index = existsSync(join(memoryDir, 'MEMORY.md')) ? readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8') : '';
          const unindexed = (existsSync(memoryDir) ? readdirSync(memoryDir) : []).filter(
            (name) => name.endsWith('.md') && name !== 'MEMORY.md' && !index.includes(`(${name})`),
          );
          const pending = leftovers(out()).some((path) => path.endsWith('.memlog-run'));
          expect(
            unindexed.length === 0 || pending,
            `memory files outside the index with nothing left to finish: ${unindexed.join(', ')}; ${run.trail.join(', ')}`,
          ).toBe(true);
          const rerun = await extract();
          expect(rerun.failedRuns).toBe(0);
          expect(dirSnapshot(memoryDir)).toEqual(memory);
          expect(leftovers(bench.work)).toEqual([]);
        }),
        { numRuns: Math.ceil((runs * 2) / 3) },
      );
    },
    timeoutFor((runs * 2) / 3, 2_500),
  );
});

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
