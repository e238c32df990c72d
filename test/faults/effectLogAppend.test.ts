import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEffectLog, type EffectRecord } from '../../src/index.js';
import { appendEffects, appendEffectsSync, CURRENT_EFFECT_LOG_VERSION } from '../../src/pipeline/index.js';
import { withFaults } from '../../src/testing/faults.js';
import { tempDir } from '../support/tempDir.js';

const record = (runId: string): EffectRecord => ({
  v: CURRENT_EFFECT_LOG_VERSION,
  type: 'run_failed',
  at: { seq: 3, uuid: 'u-3' },
  run: 'extraction',
  runId,
  error: 'x',
});

describe('effect-log appends after a cut record', () => {
  it.each([
    ['synchronous', (path: string, r: EffectRecord) => Promise.resolve(appendEffectsSync(path, [r]))],
    ['asynchronous', (path: string, r: EffectRecord) => appendEffects(path, [r])],
  ])('%s: the next record starts a line of its own; the cut one stays a diagnostic', async (_name, append) => {
    const path = join(tempDir(), 'effects.jsonl');
    writeFileSync(path, `${JSON.stringify(record('first'))}\n{"v":1,"type":"run_fin`);
    await append(path, record('second'));
    const log = readEffectLog(path);
    expect(log.records.map((r) => (r.type === 'decision' || r.type === 'compacted' ? undefined : r.runId))).toEqual(['first', 'second']);
    expect(log.diagnostics.map((d) => d.line)).toEqual([2]);
  });

  it('a record the disk cuts short is taken back whole: the log reads as before', async () => {
    const path = join(tempDir(), 'effects.jsonl');
    await appendEffects(path, [record('first')]);
    const before = readFileSync(path);
    const run = await withFaults({ at: 3, kind: 'short' }, () => Promise.resolve(appendEffectsSync(path, [record('second')])));
    expect(run.fired).toBe(true);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
