import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/errors.js';
import { effectRecords } from '../../src/pipeline/effectLog.js';
import { runFinishedRecord, runStartedRecord } from '../../src/pipeline/effectRecords.js';
import { tempDir } from '../support/tempDir.js';
import { sampleOutcome } from '../support/runOutcomes.js';

/** A line of an effect log: a record (with multi-byte text in it), or damage of each kind a reader meets. */
const line = fc.oneof(
  fc.record({ seq: fc.nat(1000), note: fc.string({ unit: 'grapheme', maxLength: 40 }) }).map(({ seq, note }) => ({
    good: runFinishedRecord({
      at: { seq, uuid: null },
      run: 'extraction',
      runId: `extraction@${seq}`,
      outcome: sampleOutcome('extraction', { note }),
    }),
  })),
  fc.nat(1000).map((seq) => ({
    good: runStartedRecord({ at: { seq, uuid: null }, run: 'session_notes', runId: `session_notes@${seq}`, batch: [], trailing: false }),
  })),
  fc
    .constantFrom('{"v":1,"type":"run_finished"', 'not json at all', '{"v":99,"type":"decision"}', '{"v":1,"type":"no_such_record"}', '')
    .map((bad) => ({ bad })),
);

describe('effect records, streamed', () => {
  it('give, chunk by chunk, every record of the log in order and a diagnostic for every damaged line, whatever the chunk size and line ends', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        fc.boolean(),
        (lines, chunk, crlf, torn) => {
          const path = join(dir, 'effects.jsonl');
          const eol = crlf ? '\r\n' : '\n';
          const text = lines.map((l) => ('good' in l ? JSON.stringify(l.good) : l.bad)).join(eol);
          writeFileSync(path, torn || lines.length === 0 ? text : `${text}${eol}`);
          const diagnostics: Diagnostic[] = [];
          const records = [...effectRecords(path, (d) => diagnostics.push(d), chunk)];
          expect(records).toEqual(lines.flatMap((l) => ('good' in l ? [l.good] : [])));
          expect(diagnostics.map((d) => d.line)).toEqual(lines.flatMap((l, i) => ('bad' in l && l.bad !== '' ? [i + 1] : [])));
        },
      ),
    );
  });

  it('a missing log has no records', () => {
    expect([...effectRecords(join(tempDir(), 'none.jsonl'))]).toEqual([]);
  });
});
