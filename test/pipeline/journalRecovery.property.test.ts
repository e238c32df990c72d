import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConsolidationPlan } from '../../src/consolidation/consolidationPlan.js';
import { writeFile } from '../../src/fs/faultableFs.js';
import { sha256Hex } from '../../src/fs/sha256.js';
import { stagedDirPath } from '../../src/fs/stagedDir.js';
import { commitConsolidation } from '../../src/jobs/consolidation/commitConsolidation.js';
import { finishCutShort } from '../../src/jobs/consolidation/cutShort.js';
import { notesSteps, recoverNotesRuns } from '../../src/jobs/notes/notesRecovery.js';
import { stagingPath } from '../../src/jobs/notes/notesRun.js';
import { appendEffectsSync, readEffectLog } from '../../src/pipeline/effectLog.js';
import { defineEffectJob } from '../../src/pipeline/effectJob.js';
import { runJournal } from '../../src/pipeline/oneRun.js';
import { runEffect } from '../../src/pipeline/runEffect.js';
import { NotesRunOutcome } from '../../src/pipeline/runOutcomes.js';
import { withFaults, type FaultPlan } from '../../src/testing/faults.js';
import { fcRuns } from '../support/fcRuns.js';
import { sampleOutcome } from '../support/runOutcomes.js';
import { tempDir } from '../support/tempDir.js';

/**
 * The journal's one recovery path (decision 74), for any kill point: the disk fails at the Nth
 * change a journaled effect makes (its begin, its commit, a rename of its apply, its end) and
 * stays failed, as a killed process leaves it; recovery on a healthy disk then leaves the effect
 * either fully applied or fully taken back, and its log says which.
 */

const runs = Math.min(fcRuns, 40);
const killAt = (calls: number): fc.Arbitrary<FaultPlan> =>
  fc.record({
    at: fc.integer({ min: 1, max: calls }),
    kind: fc.constantFrom('EIO' as const, 'ENOSPC' as const),
    sticky: fc.constant(true),
  });

/** A session-notes run through the journal's driver, with the notes job's own apply step: begin, work (a staged copy), commit, apply (the rename). */
async function notesRun(notesPath: string, logPath: string): Promise<void> {
  const at = { seq: 3, uuid: 'u3' };
  const journal = runJournal(
    { run: 'session_notes', seq: 3, at, batch: [at], trailing: false, runIds: new Set() },
    { record: (r) => appendEffectsSync(logPath, r), endAt: () => at },
  );
  const job = defineEffectJob({
    ...notesSteps(notesPath),
    outcome: NotesRunOutcome,
    execute: async (_input: null, runId) => {
      const before = readFileSync(notesPath);
      await writeFile(stagingPath(notesPath, runId), 'after\n', { flag: 'wx' });
      return sampleOutcome('session_notes', { before: sha256Hex(before), after: sha256Hex(Buffer.from('after\n')) });
    },
  });
  const end = await runEffect(journal, job, null);
  if (end.kind === 'interrupted') throw end.error;
}

function notesBench() {
  const dir = tempDir();
  const notesPath = join(dir, 'summary.md');
  const logPath = join(dir, 's.memlog.jsonl');
  return {
    notesPath,
    logPath,
    reset(): void {
      for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true });
      writeFileSync(notesPath, 'before\n');
    },
  };
}

/** A consolidation with two files staged (one new, one rewritten) and one removed: commit, apply, end. */
function consolidationBench() {
  const memoryDir = join(tempDir(), 'memory');
  const logPath = join(memoryDir, '..', 'consolidation.jsonl');
  const runId = 'consolidation@0';
  // Only its changes reach the commit record; the files are staged by hand.
  const plan: Pick<ConsolidationPlan, 'changes'> = { changes: [] };
  return {
    memoryDir,
    logPath,
    reset(): void {
      rmSync(join(memoryDir, '..'), { recursive: true, force: true });
      mkdirSync(memoryDir, { recursive: true });
      writeFileSync(join(memoryDir, 'a.md'), 'a before\n');
      writeFileSync(join(memoryDir, 'gone.md'), 'gone\n');
      const staging = stagedDirPath(memoryDir, runId);
      mkdirSync(staging, { recursive: true });
      writeFileSync(join(staging, 'a.md'), 'a after\n');
      writeFileSync(join(staging, 'b.md'), 'b new\n');
    },
    commit: () => commitConsolidation({ memoryDir, logPath, runId, plan, writes: ['a.md', 'b.md'], removes: ['gone.md'] }),
  };
}

const filesOf = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

describe('the journal recovers any kill point: fully applied or fully taken back', () => {
  it('a session-notes run (begin, commit, apply by rename)', async () => {
    const bench = notesBench();
    bench.reset();
    const { calls } = await withFaults(null, () => notesRun(bench.notesPath, bench.logPath));
    expect(calls).toBeGreaterThanOrEqual(3);
    await fc.assert(
      fc.asyncProperty(killAt(calls), async (plan) => {
        bench.reset();
        const killed = await withFaults(plan, () => notesRun(bench.notesPath, bench.logPath));
        expect(killed.fired).toBe(true);
        await recoverNotesRuns(readEffectLog(bench.logPath).records, bench.notesPath, bench.logPath);
        const records = readEffectLog(bench.logPath).records;
        const committed = records.some((r) => r.type === 'run_finished');
        expect(readFileSync(bench.notesPath, 'utf8')).toBe(committed ? 'after\n' : 'before\n');
        // Taken back: recorded as interrupted, so it runs again at its place; never left begun.
        const begun = records.filter((r) => r.type === 'run_started').length;
        const ended = records.filter((r) => r.type === 'run_finished' || r.type === 'run_failed').length;
        expect(ended).toBe(begun);
        expect(existsSync(stagingPath(bench.notesPath, 'session_notes@3'))).toBe(false);
      }),
      { numRuns: runs },
    );
  }, 120_000);

  it('a consolidation (commit as it begins, apply by renames and a removal, end)', async () => {
    const bench = consolidationBench();
    bench.reset();
    const { calls } = await withFaults(null, bench.commit);
    const applied = filesOf(bench.memoryDir);
    expect(applied).toEqual({ 'a.md': 'a after\n', 'b.md': 'b new\n' });
    await fc.assert(
      fc.asyncProperty(killAt(calls), async (plan) => {
        bench.reset();
        const before = filesOf(bench.memoryDir);
        const killed = await withFaults(plan, bench.commit);
        expect(killed.fired).toBe(true);
        await finishCutShort(bench.memoryDir, bench.logPath, readEffectLog(bench.logPath).records);
        const records = readEffectLog(bench.logPath).records;
        const committed = records.some((r) => r.type === 'consolidation_started');
        expect(filesOf(bench.memoryDir)).toEqual(committed ? applied : before);
        expect(records.filter((r) => r.type === 'consolidation_finished')).toHaveLength(committed ? 1 : 0);
        expect(existsSync(stagedDirPath(bench.memoryDir, 'consolidation@0')) && committed).toBe(false);
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
