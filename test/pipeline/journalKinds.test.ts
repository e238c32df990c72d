import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appendEffectsSync, readEffectLog } from '../../src/pipeline/effectLog.js';
import { EffectRecord } from '../../src/pipeline/effectRecord.js';
import { JOURNAL_KINDS, JOURNAL_NOTES, JOURNAL_RECORDS, kindOf } from '../../src/pipeline/journalKinds.js';
import { tempDir } from '../support/tempDir.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'journal');

/** A schema's top-level fields, as the table below lists them. */
const fieldsOf = (schema: z.ZodType): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : []);

describe('the effect journal: every kind, every record type, one table (decision 74)', () => {
  it('lists every kind with its outcome schema and the record types of its begin, commit and end', () => {
    const table = Object.fromEntries(
      Object.entries(JOURNAL_KINDS).map(([kind, spec]) => [
        kind,
        { steps: [spec.begin, spec.commit, spec.end], outcome: fieldsOf(spec.outcome) },
      ]),
    );
    const run = ['run_started', 'run_finished', 'run_failed'];
    expect(table).toEqual({
      session_notes: { steps: run, outcome: ['after', 'before', 'changed', 'denied', 'lastSummarizedMessageId', 'toolCalls', 'turns'] },
      extraction: {
        steps: run,
        outcome: [
          'declined',
          'denied',
          'firstLook',
          'from',
          'indexDropped',
          'indexShortened',
          'refused',
          'removed',
          'sessionId',
          'to',
          'tokens',
          'toolCalls',
          'turns',
          'when',
          'written',
        ],
      },
      compaction: { steps: run, outcome: ['boundaryUuid', 'cutUuid', 'kept', 'rung', 'tokensAfter', 'tokensBefore', 'trigger'] },
      compact: {
        steps: ['compaction_started', 'compaction_started', 'compacted'],
        outcome: ['boundaryUuid', 'cutUuid', 'kept', 'rung', 'tokensAfter', 'tokensBefore', 'trigger'],
      },
      consolidation: {
        steps: ['consolidation_started', 'consolidation_started', 'consolidation_finished'],
        outcome: ['changes', 'consumes', 'files', 'removes', 'time', 'undoes', 'writes'],
      },
      candidates: {
        steps: ['candidates_requested', 'candidates', 'candidates_consumed'],
        outcome: ['candidates', 'first', 'last', 'tokens'],
      },
    });
  });

  it('an extraction outcome has one schema: the one the jobs write by is the one the journal reads by', async () => {
    const jobs = await import('../../src/jobs/index.js');
    const { ExtractionOutcome } = await import('../../src/pipeline/runOutcomes.js');
    expect(jobs.ExtractionOutcome).toBe(ExtractionOutcome);
    expect(Object.keys(JOURNAL_KINDS.extraction.outcome.shape)).toEqual([...Object.keys(ExtractionOutcome.shape), 'firstLook', 'declined']);
  });

  it('every record type the log schema reads is registered, as a step of some kind or a note, and no other', () => {
    const readable = EffectRecord.options.flatMap((option) =>
      option instanceof z.ZodDiscriminatedUnion ? option.options.map((o) => o.shape.type.value) : [option.shape.type.value],
    );
    const registered = Object.keys(JOURNAL_RECORDS);
    expect(new Set(readable)).toEqual(new Set(registered));
    const stepped = new Set([...Object.values(JOURNAL_KINDS).flatMap((k) => [k.begin, k.commit, k.end]), ...JOURNAL_NOTES]);
    expect(stepped).toEqual(new Set(registered));
  });

  it('a writer that writes a record type the journal does not register is refused, and nothing reaches the log', () => {
    const log = join(tempDir(), 's.memlog.jsonl');
    const stranger = JSON.parse('{"v":1,"type":"archived","at":{"seq":-1,"uuid":null}}') as EffectRecord;
    expect(() => appendEffectsSync(log, [stranger])).toThrow(/"archived" is not one the journal registers/);
    expect(readEffectLog(log).records).toEqual([]);
  });

  it("the journal's one writer checks every record against its type's schema: one that does not fit is refused, nothing reaches the log (decision 91)", () => {
    const log = join(tempDir(), 's.memlog.jsonl');
    // `memlog compact --out` writes its `compacted` record through this writer: an outcome without its fields is refused.
    const compacted = JSON.parse('{"v":1,"type":"compacted","at":{"seq":3,"uuid":"u"},"outcome":{"rung":"x"}}') as EffectRecord;
    expect(() => appendEffectsSync(log, [compacted])).toThrow(/"compacted" record does not fit its schema/);
    const decision = JSON.parse('{"v":1,"type":"decision","at":{"seq":3,"uuid":"u"},"decision":"first look"}') as EffectRecord;
    expect(() => appendEffectsSync(log, [decision])).toThrow(/"decision" record does not fit its schema/);
    expect(readEffectLog(log).records).toEqual([]);
  });

  it('the notes memlog writes (a first-look decision, a retried run) are records of decisions, each with its schema', async () => {
    const { firstLookRecord, runRetriedRecord, runFailedRecord } = await import('../../src/pipeline/effectRecords.js');
    const at = { seq: 4, uuid: 'u4' };
    const look = firstLookRecord(at, { mode: 'enforce', answer: false, tokens: { input: 10, output: 2 } }, 900);
    const failed = runFailedRecord({ at, run: 'extraction', runId: 'extraction@4', error: new Error('429') });
    const retried = runRetriedRecord(failed);
    expect(kindOf(look)).toBeNull();
    expect(JOURNAL_RECORDS.decision.safeParse(look).success).toBe(true);
    expect(kindOf(retried)).toBe('extraction');
    expect(JOURNAL_RECORDS.run_failed.safeParse(retried).success).toBe(true);
    const log = join(tempDir(), 's.memlog.jsonl');
    appendEffectsSync(log, [look, failed, retried]);
    expect(readEffectLog(log).records).toEqual([look, failed, retried]);
  });

  it('a run outcome that does not fit its kind is refused as it is made', async () => {
    const { runFinishedRecord } = await import('../../src/pipeline/effectRecords.js');
    const wrong = JSON.parse('{"written":"not a list"}') as never;
    expect(() => runFinishedRecord({ at: { seq: 1, uuid: 'u' }, run: 'extraction', runId: 'extraction@1', outcome: wrong })).toThrow(
      /extraction run's outcome does not fit/,
    );
  });

  it('reads logs written before the journal: every record, typed by its kind, none lost', () => {
    for (const name of ['v1-notes-compaction', 'v1-extraction', 'v1-candidates', 'v1-consolidation']) {
      const path = join(fixtures, `${name}.memlog.jsonl`);
      const lines = readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l !== '');
      const { records, diagnostics } = readEffectLog(path);
      expect(diagnostics, name).toEqual([]);
      expect(records.length, name).toBe(lines.length);
      for (const record of records) if (record.type !== 'decision') expect(kindOf(record), name).not.toBeNull();
    }
    const notes = readEffectLog(join(fixtures, 'v1-notes-compaction.memlog.jsonl')).records;
    const finished = notes.find((r) => r.type === 'run_finished');
    // Narrowed by the run's kind, not cast: a notes run's outcome says where the notes stand.
    expect(finished?.type === 'run_finished' && finished.run === 'session_notes' ? finished.outcome?.lastSummarizedMessageId : null).toBe(
      '8d5d541c-6bff-42a2-9fc2-7210c8405e9e',
    );
    const extraction = readEffectLog(join(fixtures, 'v1-extraction.memlog.jsonl')).records;
    const written = extraction.flatMap((r) => (r.type === 'run_finished' && r.run === 'extraction' ? (r.outcome?.written ?? []) : []));
    expect(written.map((w) => w.file)).toContain('python-3-12-not-3-11.md');
  });
});
