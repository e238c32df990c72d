import { describe, expect, it } from 'vitest';
import { EffectRecord } from '../../src/pipeline/effectRecord.js';
import { sampleOutcome } from '../support/runOutcomes.js';
import {
  compactedRecord,
  decisionRecord,
  isAfterEnd,
  isWithdrawal,
  nextRunId,
  runFailedRecord,
  runFinishedRecord,
  runInterruptedRecord,
  runRetriedRecord,
  runStartedRecord,
} from '../../src/pipeline/effectRecords.js';

const at = { seq: 7, uuid: 'u-7' };
const roundTrip = (record: EffectRecord): EffectRecord => EffectRecord.parse(JSON.parse(JSON.stringify(record)));

describe('effect records: one builder, every field in the schema', () => {
  it('every record a builder makes reads back as itself, typed fields included', () => {
    const failure = runFailedRecord({ at, run: 'extraction', runId: 'extraction@7', error: new Error('down') });
    const records: EffectRecord[] = [
      decisionRecord({ kind: 'extraction_due', seq: 7, uuid: 'u-7', tokens: 10, reason: 'turn ended', newMessages: 2, cursor: null }),
      runStartedRecord({
        at,
        run: 'extraction',
        runId: 'extraction@7',
        batch: [at],
        trailing: false,
        remote: { customId: 'memlog-abc', from: null, to: 'u-7', now: '2026-01-01T00:00:00.000Z' },
      }),
      runFinishedRecord({ at, run: 'extraction', runId: 'extraction@7', outcome: sampleOutcome('extraction'), afterEnd: true }),
      failure,
      runInterruptedRecord({ at, run: 'session_notes', runId: 'session_notes@7', reason: 'ENOSPC' }),
      runRetriedRecord(failure),
      compactedRecord(at, { rung: 'notes', trigger: 'auto', boundaryUuid: 'b', tokensBefore: 10, tokensAfter: 5 }),
    ];
    for (const record of records) expect(roundTrip(record)).toEqual(record);
    expect(records.map((r) => [isWithdrawal(r), isAfterEnd(r)])).toEqual([
      [false, false],
      [false, false],
      [false, true],
      [false, false],
      [true, false],
      [true, false],
      [false, false],
    ]);
    const started = roundTrip(records[1]!);
    expect(started.type === 'run_started' && started.remote?.customId).toBe('memlog-abc');
    expect(failure).toMatchObject({ error: 'down' });
  });

  it('run ids: <kind>@<seq>, then .2, .3 at a place already taken', () => {
    const taken = new Set<string>();
    expect([
      nextRunId('session_notes', 15, taken),
      nextRunId('session_notes', 15, taken),
      nextRunId('session_notes', 15, taken),
      nextRunId('extraction', 15, taken),
    ]).toEqual(['session_notes@15', 'session_notes@15.2', 'session_notes@15.3', 'extraction@15']);
  });

  it('a record with a mistyped flag is refused by the schema, not read as if the flag were absent', () => {
    const bad = { ...runInterruptedRecord({ at, run: 'extraction', runId: 'r', reason: 'x' }), interrupted: 'yes' };
    expect(EffectRecord.safeParse(bad).success).toBe(false);
  });
});
