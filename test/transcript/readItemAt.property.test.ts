import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readItemAt, readTranscriptFileSync } from '../../src/transcript/index.js';
import { entryObject } from '../support/arbitraries.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

/** A line of a transcript as found in the wild: an entry (some with multi-byte text), a damaged line, bytes that are no UTF-8, a blank one. */
const line = fc.oneof(
  { weight: 6, arbitrary: entryObject.map((o) => utf8(JSON.stringify(o))) },
  {
    weight: 2,
    arbitrary: fc
      .string({ unit: 'grapheme', maxLength: 40 })
      .map((text) => utf8(JSON.stringify({ type: 'user', note: `${text} ✓ 日本語 🚀` }))),
  },
  { weight: 1, arbitrary: entryObject.map((o) => utf8(JSON.stringify(o).slice(0, -3))) },
  // Never a newline byte, which would make two lines.
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a))) },
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
);

const file = fc.record({
  lines: fc.array(fc.record({ bytes: line, crlf: fc.boolean() }), { maxLength: 25 }),
  bom: fc.boolean(),
  lastTerminated: fc.boolean(),
});

describe('reading an item back by its offset', () => {
  it('gives exactly the item the stream gave: entries and diagnostics, after a BOM, with CRLF, damaged lines and multi-byte text', () => {
    fc.assert(
      fc.property(file, fc.integer({ min: 1, max: 512 }), ({ lines, bom, lastTerminated }, chunkBytes) => {
        const ending = (crlf: boolean, i: number): Buffer => utf8(i < lines.length - 1 || lastTerminated ? (crlf ? '\r\n' : '\n') : '');
        const path = join(tempDir(), 'session.jsonl');
        const bomBytes = bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0);
        writeFileSync(path, Buffer.concat([bomBytes, ...lines.flatMap((l, i) => [l.bytes, ending(l.crlf, i)])]));
        const streamed = readTranscriptFileSync(path, { chunkBytes });
        for (const item of streamed) {
          const back = readItemAt(path, { offset: item.offset, line: item.line, ...(item.kind === 'entry' ? { seq: item.seq } : {}) });
          expect(back).toEqual(item);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it('finds nothing past the end of the file', () => {
    const path = join(tempDir(), 'session.jsonl');
    writeFileSync(path, '{"type":"mode","mode":"normal"}\n');
    expect(readItemAt(path, { offset: 1_000, line: 9 })).toBeUndefined();
  });
});
