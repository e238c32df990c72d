import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunInterruptedError } from '../../src/fs/fsError.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { pacingRecord, type PacedRunEvent } from '../../src/pipeline/pacedRuns.js';
import { runPacedClosures as runPaced } from '../support/closurePaced.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import type { LogEntry } from '../../src/transcript/logEntry.js';
import { tempDir } from '../support/tempDir.js';
import { sampleOutcome } from '../support/runOutcomes.js';

// Three turns: the triggers call for an extraction after each.
const entries: LogEntry[] = [
  userEntry('u1', 'a'),
  assistantEntry('a1', 'm1', text('x')),
  userEntry('u2', 'b'),
  assistantEntry('a2', 'm2', text('y')),
  userEntry('u3', 'c'),
  assistantEntry('a3', 'm3', text('z')),
].map((entry, seq) => ({ seq, entry }));
const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
/** The run records in the log, a withdrawn run's end shown as `interrupted`. */
const typesIn = (logPath: string): string[] =>
  readEffectLog(logPath).records.flatMap((r) =>
    r.type === 'decision' ? [] : [r.type === 'run_failed' && r.interrupted === true ? 'interrupted' : r.type],
  );

describe('paced runs', () => {
  it('each run is recorded and applied before the next entry is folded; a failed run is recorded and the build goes on', async () => {
    const logPath = join(tempDir(), 'effects.jsonl');
    const events: PacedRunEvent[] = [];
    const done: string[] = [];
    let calls = 0;
    const runs = await runPaced({
      entries,
      records: [],
      logPath,
      kind: 'extraction',
      onRun: (event) => void events.push(event),
      execute: (_start, _decisions, runId) => {
        if (++calls === 2) return Promise.reject(new Error('HTTP 529 overloaded'));
        done.push(`${runId} ran after ${typesIn(logPath).length} records`);
        const apply = (): Promise<void> => Promise.resolve(void done.push(`${runId} applied after ${typesIn(logPath).length} records`));
        return Promise.resolve({ outcome: sampleOutcome('extraction', { n: calls }), apply });
      },
    });
    expect(runs.map((r) => [r.runId, r.ok])).toEqual([
      ['extraction@1', true],
      ['extraction@3', false],
      ['extraction@5', true],
    ]);
    expect(typesIn(logPath)).toEqual(['run_started', 'run_finished', 'run_started', 'run_failed', 'run_started', 'run_finished']);
    expect(done).toEqual([
      'extraction@1 ran after 1 records',
      'extraction@1 applied after 2 records',
      'extraction@5 ran after 5 records',
      'extraction@5 applied after 6 records',
    ]);
    expect(events.map((e) => `${e.type}:${e.runId}`)).toEqual([
      'started:extraction@1',
      'finished:extraction@1',
      'started:extraction@3',
      'failed:extraction@3',
      'started:extraction@5',
      'finished:extraction@5',
    ]);
  });

  it('a run the machine fails is withdrawn and stops the build with RunInterruptedError; the next build runs it again at its place', async () => {
    const logPath = join(tempDir(), 'effects.jsonl');
    const failing = runPaced({ entries, records: [], logPath, kind: 'extraction', execute: () => Promise.reject(diskFull()) });
    await expect(failing).rejects.toThrow(RunInterruptedError);
    expect(typesIn(logPath)).toEqual(['run_started', 'interrupted']);
    const records = readEffectLog(logPath).records;
    const again = await runPaced({
      entries,
      records,
      logPath,
      kind: 'extraction',
      execute: () => Promise.resolve({ outcome: sampleOutcome('extraction'), apply: () => Promise.resolve() }),
    });
    expect(again.map((r) => r.runId)).toEqual(['extraction@1.2', 'extraction@3', 'extraction@5']);
  });

  it('a run whose signal fires while it works records no end and applies nothing, even when its work came back: the build stops', async () => {
    const logPath = join(tempDir(), 'effects.jsonl');
    const abort = new AbortController();
    let applied = false;
    const stopped = runPaced({
      entries,
      records: [],
      logPath,
      kind: 'extraction',
      signal: abort.signal,
      execute: () => {
        abort.abort(new Error('stopped'));
        return Promise.resolve({ outcome: sampleOutcome('extraction'), apply: () => Promise.resolve(void (applied = true)) });
      },
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(applied).toBe(false);
    // Started and never ended: the next build marks it interrupted and runs it again (recoverInterrupted).
    expect(typesIn(logPath)).toEqual(['run_started']);
  });

  it('a fold given to runPaced sees every run as it ends, deferred ones too, and its value is what the call returns', async () => {
    const logPath = join(tempDir(), 'effects.jsonl');
    let calls = 0;
    const seen = await runPaced(
      {
        entries,
        records: [],
        logPath,
        kind: 'extraction',
        execute: () => {
          calls++;
          if (calls === 1) return Promise.reject(new Error('HTTP 529 overloaded'));
          if (calls === 2) return Promise.resolve({ deferred: true as const });
          return Promise.resolve({ outcome: sampleOutcome('extraction', { n: calls }), apply: () => Promise.resolve() });
        },
      },
      { initial: () => '', step: (acc, run) => `${acc}${run.runId}:${run.deferred === true ? 'deferred' : run.ok ? 'ok' : 'failed'} ` },
    );
    expect(seen).toBe('extraction@1:failed extraction@3:deferred ');
  });

  it('a rerun over the pacing records (outcomes and decisions dropped) finds the same runs done as one over the whole log', async () => {
    const logPath = join(tempDir(), 'effects.jsonl');
    let calls = 0;
    const execute = () => {
      calls++;
      // The second run is declined by a first look: the decider must still see that in the lean log.
      const outcome =
        calls === 2
          ? sampleOutcome('extraction', { declined: 'first_look' })
          : sampleOutcome('extraction', {
              written: [{ file: `${calls}.md`, sha256: '', change: 'added', type: null }],
              big: 'x'.repeat(1000),
            });
      return Promise.resolve({ outcome, apply: () => Promise.resolve() });
    };
    const first = await runPaced({ entries, records: [], logPath, kind: 'extraction', execute });
    const full = readEffectLog(logPath).records;
    const lean = full.flatMap((r) => pacingRecord(r) ?? []);
    expect(lean.some((r) => r.type === 'decision')).toBe(false);
    expect(JSON.stringify(lean)).not.toContain('xxxx');
    // What the decider asks of an outcome stays: the replay of a declined run shows its skip.
    expect(lean.flatMap((r) => (r.type === 'run_finished' ? [r.outcome ?? null] : []))).toEqual([null, { declined: 'first_look' }, null]);
    for (const records of [full, lean]) {
      const again = await runPaced({
        entries,
        records,
        logPath,
        kind: 'extraction',
        execute: () => Promise.reject(new Error('ran again')),
      });
      expect(again).toEqual([]);
    }
    expect(first).toHaveLength(3);
    expect(readEffectLog(logPath).records).toEqual(full);
  });
});
