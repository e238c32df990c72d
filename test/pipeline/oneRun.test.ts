import { describe, expect, it } from 'vitest';
import { RunInterruptedError } from '../../src/fs/fsError.js';
import type { EffectRecord } from '../../src/pipeline/effectRecord.js';
import { decisionRecord } from '../../src/pipeline/effectRecords.js';
import { doRunWork, recordRunEnd, recordRunStart, type RunStartOptions, type RunWork } from '../../src/pipeline/oneRun.js';
import { sampleOutcome } from '../support/runOutcomes.js';

const start = { seq: 7, uuid: 'u-7' };
const end = { seq: 9, uuid: 'u-9' };
const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** One run through the three steps, its records kept as the log would have them. */
async function oneRun(
  work: () => Promise<RunWork>,
  more: { signal?: AbortSignal; record?: (records: readonly EffectRecord[]) => void } = {},
) {
  const log: EffectRecord[] = [];
  const record = more.record ?? ((records: readonly EffectRecord[]) => void log.push(...records));
  const started = recordRunStart({
    run: 'session_notes',
    seq: start.seq,
    at: start,
    batch: [start],
    trailing: false,
    runIds: new Set(),
    record,
  });
  const settled = await doRunWork(work);
  const ended = recordRunEnd(started, settled, { at: end, record, ...(more.signal === undefined ? {} : { signal: more.signal }) });
  return { log, started, end: ended };
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
      record: (records) => void appends.push([...records]),
      before: [decision],
      remote: (runId) => ({ customId: `custom-${runId}` }),
      onId: (runId) => void told.push(`${runId} after ${appends.length} appends`),
    };
    const started = recordRunStart(options);
    expect(started.runId).toBe('extraction@7.2');
    expect(options.runIds.has('extraction@7.2')).toBe(true);
    expect(told).toEqual(['extraction@7.2 after 0 appends']);
    expect(appends).toEqual([[decision, started.started]]);
    expect(started.started).toMatchObject({
      type: 'run_started',
      at: end,
      run: 'extraction',
      runId: 'extraction@7.2',
      batch: [start],
      trailing: true,
    });
    expect(started.started.remote).toEqual({ customId: 'custom-extraction@7.2' });
  });
});

describe('one run: how it ends', () => {
  it('finished: run_finished with the outcome at the end position, and nothing applied until the runner applies', async () => {
    let applied = 0;
    const { log, end: ended } = await oneRun(() =>
      Promise.resolve({ outcome: sampleOutcome('session_notes', { changed: ['Worklog'] }), apply: () => Promise.resolve(void applied++) }),
    );
    expect(log.map((r) => r.type)).toEqual(['run_started', 'run_finished']);
    expect(log[1]).toMatchObject({ at: end, runId: 'session_notes@7', outcome: { changed: ['Worklog'] } });
    expect(ended.kind).toBe('finished');
    if (ended.kind !== 'finished') return;
    expect(ended.records).toEqual(log);
    expect(ended.outcome).toEqual(sampleOutcome('session_notes', { changed: ['Worklog'] }));
    expect(applied).toBe(0);
    await ended.apply();
    expect(applied).toBe(1);
  });

  it('finished, then the apply fails: the record stands, and the failure is RunInterruptedError', async () => {
    const { log, end: ended } = await oneRun(() =>
      Promise.resolve({ outcome: sampleOutcome('session_notes'), apply: () => Promise.reject(diskFull()) }),
    );
    if (ended.kind !== 'finished') throw new Error(`ended ${ended.kind}`);
    const error: unknown = await ended.apply().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunInterruptedError);
    expect((error as Error).message).toMatch(/no space left/);
    expect(log.map((r) => r.type)).toEqual(['run_started', 'run_finished']);
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
