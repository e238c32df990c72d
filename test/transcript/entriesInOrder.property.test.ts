import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entriesInOrder } from '../../src/transcript/entriesInOrder.js';
import { readTranscriptFileSync } from '../../src/transcript/readTranscript.js';
import { SeqPositions } from '../../src/transcript/seqPositions.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';
import { transcriptFileBytes } from '../support/transcriptFileArbitrary.js';

/** The file written, its entries as one pass gives them, and where each starts. */
function streamed(bytes: Buffer) {
  const path = join(tempDir(), 'session.jsonl');
  writeFileSync(path, bytes);
  const positions = new SeqPositions();
  const entries = readTranscriptFileSync(path).flatMap((item) => (item.kind === 'entry' ? [item] : []));
  for (const item of entries) positions.add(item.seq, item.offset, item.line);
  return { path, positions, entries };
}

describe('reading whole entries back in a given order', () => {
  it('gives the entries one pass gave, in the order asked, whatever the windows: after a BOM, with CRLF, damaged lines and multi-byte text', () => {
    fc.assert(
      fc.property(
        transcriptFileBytes,
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 0, max: 300 }),
        (bytes, picks, windowBytes) => {
          const { path, positions, entries } = streamed(bytes);
          // Any order: jumps back, repeats, a subset.
          const seqs = entries.length === 0 ? [] : picks.map((pick) => pick % entries.length);
          const back = [...entriesInOrder(path, seqs, positions, { windowBytes })];
          expect(back).toEqual(seqs.map((seq) => ({ seq, entry: entries[seq]!.entry })));
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('says the file changed when an entry is no longer where it was', () => {
    const { path, positions } = streamed(Buffer.from('{"type":"mode","mode":"a"}\n{"type":"mode","mode":"b"}\n'));
    writeFileSync(path, '{"type":"mode","mode":"b"}\n');
    expect(() => [...entriesInOrder(path, [1], positions)]).toThrow(/changed while it was read/);
  });
});
