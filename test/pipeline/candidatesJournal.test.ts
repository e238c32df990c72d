import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineEffectJob } from '../../src/pipeline/effectJob.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { candidatesRequestedRecord } from '../../src/pipeline/effectRecords.js';
import { candidatesJournal } from '../../src/pipeline/entryJournals.js';
import { JOURNAL_KINDS } from '../../src/pipeline/journalKinds.js';
import { runEffect } from '../../src/pipeline/runEffect.js';
import { tempDir } from '../support/tempDir.js';

const at = { seq: 7, uuid: 'u7' };
const request = candidatesRequestedRecord({ at, chunkId: 'u1', first: 'u1', last: 'u7', customId: 'memlog-s-candidates:u1:0' });
const outcome = { first: 'u1', last: 'u7', candidates: [], tokens: { chunk: 120, input: 150, output: 9 } };

describe("a batched chunk through the journal's driver (decision 91)", () => {
  it('its request is the begin: recorded before the executor puts it in the batch, and the entry goes on elsewhere', async () => {
    const log = join(tempDir(), 's.memlog.jsonl');
    const seen: number[] = [];
    const job = defineEffectJob({
      kind: 'candidates',
      outcome: JOURNAL_KINDS.candidates.outcome,
      execute: () => {
        seen.push(readEffectLog(log).records.length);
        return Promise.resolve({ deferred: true } as const);
      },
      apply: () => Promise.resolve(),
    });
    const end = await runEffect(candidatesJournal(log, at, 'u1', { request }), job, null);
    expect(end.kind).toBe('deferred');
    expect(seen).toEqual([1]);
    expect(readEffectLog(log).records).toEqual([request]);
  });

  it('its results, collected later, are the commit of the same entry: the request is not written again', async () => {
    const log = join(tempDir(), 's.memlog.jsonl');
    const job = defineEffectJob({
      kind: 'candidates',
      outcome: JOURNAL_KINDS.candidates.outcome,
      execute: () => Promise.resolve(outcome),
      apply: () => Promise.resolve(),
    });
    const end = await runEffect(candidatesJournal(log, at, 'u1', { requested: request }), job, null);
    expect(end.kind === 'finished' ? end.records.map((r) => r.type) : end.kind).toEqual(['candidates_requested', 'candidates']);
    expect(readEffectLog(log).records.map((r) => r.type)).toEqual(['candidates']);
  });
});
