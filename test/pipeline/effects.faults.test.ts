import { Subject, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Decision, EffectRecord } from '../../src/index.js';
import { runEffects, withoutInterrupted } from '../../src/pipeline/index.js';
import { RunInterruptedError } from '../../src/fs/fsError.js';

const due = (uuid: string, seq: number): Decision => ({
  kind: 'extraction_due',
  uuid,
  seq,
  tokens: 0,
  newMessages: 1,
  cursor: null,
  reason: 'test',
});
const notesDue = (uuid: string, seq: number): Decision => ({
  kind: 'session_notes_due',
  uuid,
  seq,
  tokens: 0,
  toolCallsSinceUpdate: 3,
  lastSummarizedMessageId: null,
  reason: 'test',
});
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const diskFull = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('runEffects faults', () => {
  it('a run whose work throws is logged as run_failed, and the runner goes on', async () => {
    const decisions = new Subject<Decision>();
    const log: EffectRecord[] = [];
    let calls = 0;
    const out = lastValueFrom(
      runEffects(decisions, {
        execute: () => (++calls === 1 ? Promise.reject(new Error('HTTP 529 overloaded')) : Promise.resolve({})),
        record: (records) => void log.push(...records),
        position: () => ({ seq: 0, uuid: null }),
      }).pipe(toArray()),
    );
    decisions.next(due('a', 1));
    await sleep(20);
    decisions.next(due('b', 2));
    decisions.complete();
    await out;
    expect(log.filter((r) => r.type !== 'decision').map((r) => (r.type === 'run_failed' ? `failed:${r.error}` : r.type))).toEqual([
      'run_started',
      'failed:HTTP 529 overloaded',
      'run_started',
      'run_finished',
    ]);
  });

  it('an apply that fails stops the runner with its error, after the outcome was logged', async () => {
    const decisions = new Subject<Decision>();
    const log: EffectRecord[] = [];
    const out = lastValueFrom(
      runEffects(decisions, {
        execute: () => Promise.resolve({ apply: () => Promise.reject(new Error('disk full')) }),
        record: (records) => void log.push(...records),
        position: () => ({ seq: 0, uuid: null }),
      }),
    );
    decisions.next(due('a', 1));
    await expect(out).rejects.toThrow(RunInterruptedError);
    await expect(out).rejects.toThrow('disk full');
    expect(log.map((r) => r.type)).toEqual(['decision', 'run_started', 'run_finished']);
  });

  it('a run the machine fails (a full disk) did not happen: withdrawn as interrupted, and the runner stops with RunInterruptedError', async () => {
    const decisions = new Subject<Decision>();
    const log: EffectRecord[] = [];
    let notesSignal: AbortSignal | undefined;
    const out = lastValueFrom(
      runEffects(decisions, {
        execute: async (run, _batch, signal) => {
          if (run === 'extraction') throw diskFull();
          notesSignal = signal;
          await sleep(50);
          return { apply: () => Promise.resolve() };
        },
        record: (records) => void log.push(...records),
        position: () => ({ seq: 1, uuid: 'a' }),
      }),
    );
    decisions.next(notesDue('n', 1)); // a notes run is in flight when the extraction meets the full disk
    decisions.next(due('a', 1));
    await expect(out).rejects.toThrow(RunInterruptedError);
    decisions.next(due('b', 2)); // stopped: nothing more is decided or run
    await sleep(70);
    expect(notesSignal?.aborted).toBe(true);
    const runs = log.filter((r) => r.type === 'run_started' || r.type === 'run_finished' || r.type === 'run_failed');
    expect(runs.map((r) => `${r.type}:${r.run}`)).toEqual(['run_started:session_notes', 'run_started:extraction', 'run_failed:extraction']);
    expect(runs[2]).toMatchObject({ interrupted: true, error: 'interrupted: ENOSPC: no space left on device, write' });
    // Read back, the extraction never started: the next build runs it again at this place (and marks the notes run, left without an end, interrupted).
    expect(
      withoutInterrupted(log)
        .filter((r) => r.type !== 'decision')
        .map((r) => r.type === 'run_started' && r.run),
    ).toEqual(['session_notes']);
  });

  it('unsubscribing aborts the run in flight: nothing more is logged or applied', async () => {
    const decisions = new Subject<Decision>();
    const log: EffectRecord[] = [];
    let aborted = false;
    let applied = false;
    const subscription = runEffects(decisions, {
      execute: async (_run, _batch, signal) => {
        await sleep(30);
        aborted = signal.aborted;
        return { apply: () => Promise.resolve(void (applied = true)) };
      },
      record: (records) => void log.push(...records),
      position: () => ({ seq: 0, uuid: null }),
    }).subscribe();
    decisions.next(due('a', 1));
    await sleep(5);
    subscription.unsubscribe();
    await sleep(50);
    expect(aborted).toBe(true);
    expect(applied).toBe(false);
    expect(log.map((r) => r.type)).toEqual(['decision', 'run_started']);
  });
});
