import fc from 'fast-check';
import { entryObject } from './arbitraries.js';

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

/** The bytes of a transcript file: such lines, each ended by LF or CRLF, after a BOM or not, the last one ended or not. */
export const transcriptFileBytes: fc.Arbitrary<Buffer> = fc
  .record({
    lines: fc.array(fc.record({ bytes: line, crlf: fc.boolean() }), { maxLength: 25 }),
    bom: fc.boolean(),
    lastTerminated: fc.boolean(),
  })
  .map(({ lines, bom, lastTerminated }) => {
    const ending = (crlf: boolean, i: number): Buffer => utf8(i < lines.length - 1 || lastTerminated ? (crlf ? '\r\n' : '\n') : '');
    const bomBytes = bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0);
    return Buffer.concat([bomBytes, ...lines.flatMap((l, i) => [l.bytes, ending(l.crlf, i)])]);
  });
