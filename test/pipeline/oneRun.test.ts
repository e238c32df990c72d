import { describe, expect, it } from 'vitest';
import { RunInterruptedError } from '../../src/fs/fsError.js';
import type { EffectRecord } from '../../src/pipeline/effectRecord.js';
import { decisionRecord } from '../../src/pipeline/effectRecords.js';
import { closureJob, type ClosureResult } from '../../src/pipeline/closureJob.js';
import { runJournal, type RunStartOptions } from '../../src/pipeline/oneRun.js';
import { runEffect } from '../../src/pipeline/runEffect.js';
import { sampleOutcome } from '../support/runOutcomes.js';

const start = { seq: 7, uuid: 'u-7' };
const end = { seq: 9, uuid: 'u-9' };
const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** One run through the journal's driver, its records kept as the log would have them; `applied` counts the apply step. */
async function oneRun(
  work: () => Promise<ClosureResult<'session_notes'>>,
  more: { signal?: AbortSignal; record?: (records: readonly EffectRecord[]) => void } = {},
) {
  const log: EffectRecord[] = [];
  const record = more.record ?? ((records: readonly EffectRecord[]) => void log.push(...records));
  const journal = runJournal(
    { run: 'session_notes', seq: start.seq, at: start, batch: [start], trailing: false, runIds: new Set() },
    { record, endAt: () => end, ...(more.signal === undefined ? {} : { signal: more.signal }) },
  );
  const ended = await runEffect(journal, closureJob('session_notes', work), null).catch((error: unknown) => ({
    kind: 'threw' as const,
    error,
  }));
  return { log, journal, end: ended };
}

describe('one run: start', () => {
  it('picks a free id, tells it before anything is written, and writes the records before it in one append with run_started', () => {
    const appends: EffectRecord[][] = [];
    const told: string[] = [];
    const decision = decisionRecord({
      kind: 'extraction_due',
      seq: 7,
      uuid: 'u-7',
      tokens: 10,
      reason: 'turn ended',
      newMessages: 2,
      cursor: null,
    });
    const options: RunStartOptions = {
      run: 'extraction',
      seq: 7,
      at: end,
      batch: [start],
      trailing: true,
      runIds: new Set(['extraction@7']),
      before: [decision],
      remote: (runId) => ({ customId: `custom-${runId}` }),
      onId: (runId) => void told.push(`${runId} after ${appends.length} appends`),
    };
    const journal = runJournal(options, { record: (records) => void appends.push([...records]), endAt: () => end });
    expect(journal.id).toBe('extraction@7.2');
    expect(options.runIds.has('extraction@7.2')).toBe(true);
    const begin = journal.begin();
    expect(told).toEqual(['extraction@7.2 after 0 appends']);
    expect(begin?.write).toEqual([decision, begin?.begun]);
    expect(begin?.begun).toMatchObject({
      type: 'run_started',
      at: end,
      run: 'extraction',
      runId: 'extraction@7.2',
      batch: [start],
      trailing: true,
    });
    expect(begin?.begun.remote).toEqual({ customId: 'custom-extraction@7.2' });
  });
});

describe('one run: how it ends', () => {
  it('finished: run_finished with the outcome at the end position, then the apply step, after the record', async () => {
    const log: EffectRecord[] = [];
    const recordsWhenApplied: number[] = [];
    const { end: ended } = await oneRun(
      () =>
        Promise.resolve({
          outcome: sampleOutcome('session_notes', { changed: ['Worklog'] }),
          apply: () => Promise.resolve(void recordsWhenApplied.push(log.length)),
        }),
      { record: (records) => void log.push(...records) },
    );
    expect(log.map((r) => r.type)).toEqual(['run_started', 'run_finished']);
    expect(log[1]).toMatchObject({ at: end, runId: 'session_notes@7', outcome: { changed: ['Worklog'] } });
    expect(ended.kind).toBe('finished');
    if (ended.kind !== 'finished') return;
    expect(ended.records).toEqual(log);
    expect(ended.outcome).toEqual(sampleOutcome('session_notes', { changed: ['Worklog'] }));
    expect(recordsWhenApplied).toEqual([2]);
  });

  it('finished, then the apply fails: the record stands, and the failure is RunInterruptedError', async () => {
    const { log, end: ended } = await oneRun(() =>
      Promise.resolve({ outcome: sampleOutcome('session_notes'), apply: () => Promise.reject(diskFull()) }),
    );
    if (ended.kind !== 'threw') throw new Error(`ended ${ended.kind}`);
    expect(ended.error).toBeInstanceOf(RunInterruptedError);
    expect((ended.error as Error).message).toMatch(/no space left/);
    expect(log.map((r) => r.type)).toEqual(['run_started', 'run_finished']);
  });

  it('an outcome that does not fit its kind is refused before it is recorded', async () => {
    const wrong = JSON.parse('{"changed":"not a list"}') as never;
    const { log, end: ended } = await oneRun(() => Promise.resolve({ outcome: wrong }));
    expect(ended.kind === 'threw' && (ended.error as Error).message).toMatch(/session_notes entry's outcome does not fit/);
    expect(log.map((r) => r.type)).toEqual(['run_started']);
  });

  it('failed: the work threw (a synchronous throw too): run_failed with its message, nothing to apply', async () => {
    const { log, end: ended } = await oneRun(() => {
      throw new Error('HTTP 529 overloaded');
    });
    expect(ended).toEqual({ kind: 'failed', records: log, error: 'HTTP 529 overloaded' });
    expect(log[1]).toMatchObject({ type: 'run_failed', at: end, runId: 'session_notes@7', error: 'HTTP 529 overloaded' });
    expect(log[1]).not.toHaveProperty('interrupted');
  });

  it('interrupted: the machine failed the work; the run is withdrawn and the runner is told to stop with RunInterruptedError', async () => {
    const { log, end: ended } = await oneRun(() => Promise.reject(diskFull()));
    expect(ended.kind).toBe('interrupted');
    if (ended.kind !== 'interrupted') return;
    expect(ended.error).toBeInstanceOf(RunInterruptedError);
    expect(ended.message).toBe('ENOSPC: no space left on device, write');
    expect(log.map((r) => r.type)).toEqual(['run_started', 'run_failed']);
    expect(log[1]).toMatchObject({
      at: end,
      runId: 'session_notes@7',
      interrupted: true,
      error: 'interrupted: ENOSPC: no space left on device, write',
    });
  });

  it('interrupted, and the disk refuses the withdrawal too: still interrupted (the next build marks the run itself)', async () => {
    const log: EffectRecord[] = [];
    const record = (records: readonly EffectRecord[]): void => {
      if (records.some((r) => r.type === 'run_failed')) throw diskFull();
      log.push(...records);
    };
    const { end: ended } = await oneRun(() => Promise.reject(diskFull()), { record });
    expect(ended.kind).toBe('interrupted');
    expect(log.map((r) => r.type)).toEqual(['run_started']);
  });

  it('deferred: the work goes on elsewhere; only run_started is in the log', async () => {
    const { log, end: ended } = await oneRun(() => Promise.resolve({ deferred: true }));
    expect(ended).toEqual({ kind: 'deferred', records: log });
    expect(log.map((r) => r.type)).toEqual(['run_started']);
  });

  it('aborted: nothing more is recorded, whether the work threw, failed for the machine or finished', async () => {
    const reason = new Error('stopped');
    for (const [work, error] of [
      [() => Promise.reject(new Error('aborted call')), 'aborted call'],
      [() => Promise.reject(diskFull()), 'ENOSPC: no space left on device, write'],
      [() => Promise.resolve({ outcome: sampleOutcome('session_notes'), apply: () => Promise.reject(new Error('applied')) }), 'stopped'],
    ] as const) {
      const abort = new AbortController();
      abort.abort(reason);
      const { log, end: ended } = await oneRun(work, { signal: abort.signal });
      expect(ended.kind).toBe('aborted');
      expect(ended.kind === 'aborted' && (ended.error as Error).message).toBe(error);
      expect(log.map((r) => r.type)).toEqual(['run_started']);
    }
  });
});
