import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CUT_FROM_BYTES, FastLineDecoder, scanItemOf } from '../../src/catalog/fastLineDecoder.js';
// The fast decoder's own fall-back needs the full decoding loaded in this thread (decision 96).
import '../../src/catalog/fullDecodingLoaded.js';
import { LineDecoder } from '../../src/transcript/lineDecoder.js';
import type { RawLine } from '../../src/transcript/lineSplitter.js';
import { entryObject } from '../support/arbitraries.js';
import { fcRuns } from '../support/fcRuns.js';

/** Pieces of long strings: the characters a cut must get right (quotes, backslashes, multi-byte, blanks, NUL, escapes' look-alikes). */
const piece = fc.constantFrom(
  'the reader folds the entry ',
  'é',
  '日本',
  '🚀',
  '"',
  '\\',
  '\\u00e9',
  '\n',
  '\t',
  ' ',
  '\u00a0',
  '\u2028',
  '\u0000',
  '\u0085',
  '{"a":[1,2]}',
);
const longText = fc.array(piece, { minLength: 60, maxLength: 400 }).map((pieces) => pieces.join(''));
const blankText = fc.array(fc.constantFrom(' ', '\n', '\t', '\u00a0', '\u3000'), { minLength: 300, maxLength: 600 }).map((p) => p.join(''));

const name = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), fc.constantFrom('Read', 'é日本', 'a\u00a0b'));
const someText = fc.oneof(longText, blankText, fc.constantFrom('', ' ', '\u00a0', 'é', '\u3000'));

/** Entries whose kept fields (names, ids, models, session, cwd, title) hold multi-byte or blank text, and whose texts are long or blank. */
const keptFields = fc.oneof(
  fc.record({
    type: fc.constant('assistant'),
    uuid: name,
    sessionId: name,
    cwd: name,
    message: fc.record({
      id: name,
      model: name,
      role: fc.constant('assistant'),
      content: fc.array(
        fc.oneof(
          fc.record({ type: fc.constant('text'), text: someText }),
          fc.record({ type: fc.constant('tool_use'), id: name, name, input: fc.record({ command: someText }) }),
          fc.record({ type: fc.constant('thinking'), thinking: someText, signature: longText }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      usage: fc.record({ input_tokens: fc.nat(), output_tokens: fc.nat() }),
    }),
  }),
  fc.record({
    type: fc.constant('user'),
    uuid: name,
    message: fc.record({
      role: fc.constant('user'),
      content: fc.array(fc.record({ type: fc.constant('tool_result'), tool_use_id: name, content: someText }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  }),
  fc.record({
    type: fc.constantFrom('custom-title', 'ai-title'),
    customTitle: fc.oneof(name, longText),
    aiTitle: fc.oneof(name, longText),
  }),
  fc.record({ type: fc.oneof(name, longText), payload: someText }),
);

/** An entry with some of its strings made long, keys too now and then, and always one long field so that the line is cut. */
const longEntry = fc
  .tuple(fc.oneof(entryObject, keptFields), fc.array(fc.oneof(longText, blankText), { minLength: 1, maxLength: 8 }), fc.nat(), longText)
  .map(([object, texts, seed, filler]) => {
    let i = seed;
    const lengthen = (value: unknown): unknown => {
      if (typeof value === 'string') return i++ % 3 === 0 ? value + (texts[i % texts.length] ?? '') : value;
      if (Array.isArray(value)) return value.map(lengthen);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [i++ % 29 === 0 ? k + (texts[0] ?? '') : k, lengthen(v)]));
    };
    return { ...(lengthen(object) as object), toolUseResult: { stdout: filler.repeat(8) } };
  });

/** Ways a written line goes wrong inside a long string or around it. */
const damage = fc.oneof(
  fc.constant((text: string) => text),
  fc.constant((text: string) => text),
  fc.nat().map((at) => (text: string) => text.slice(0, at % text.length) + '\u0001' + text.slice(at % text.length)),
  fc.nat().map((at) => (text: string) => text.slice(0, at % text.length) + '\\x' + text.slice(at % text.length)),
  fc.nat().map((at) => (text: string) => text.slice(0, at % text.length) + '\\u12' + text.slice(at % text.length)),
  fc.nat().map((at) => (text: string) => text.slice(0, at % text.length)),
  fc.nat().map((at) => (text: string) => text.slice(0, at % text.length) + '"' + text.slice(at % text.length)),
  // The same JSON with its é written as an escape: a character past ASCII that is no UTF-8 byte read as latin1.
  fc.constant((text: string) => text.replace(/é/g, '\\u00e9')),
);

function rawLine(bytes: Uint8Array): RawLine {
  return { bytes, offset: 100, length: bytes.length, line: 7, terminated: true, overflow: false };
}

/**
 * The line's bytes as a view at `shift` bytes into a larger buffer, as a line sits in the chunk a scan reads, with bytes
 * around it that would end a string or start an escape if the scan looked past the line's ends.
 */
function inChunk(bytes: Buffer, shift: number, around: number): Uint8Array {
  const chunk = Buffer.alloc(shift + bytes.length + 8, around);
  bytes.copy(chunk, shift);
  return chunk.subarray(shift, shift + bytes.length);
}

/** The fast decoder gives a line what the full decoder gives, and moves its sequence numbers alike. */
function expectSameAsFullDecoder(line: string, shift = 0, around = 0x22): void {
  const bytes = Buffer.from(line, 'utf8');
  const fast = new FastLineDecoder(5);
  const full = new LineDecoder(5);
  const expected = full.decode(rawLine(bytes));
  expect(fast.decode(rawLine(inChunk(bytes, shift, around)))).toEqual(expected === null ? null : scanItemOf(expected));
  expect(fast.nextSeq).toBe(full.nextSeq);
}

/** Where a line starts in its chunk (its word alignment), and the byte around it: a quote, a backslash, a letter or a digit. */
const placement = fc.tuple(fc.nat({ max: 7 }), fc.constantFrom(0x22, 0x5c, 0x61, 0x30));

describe('the fast line decoder', () => {
  it('decodes every long line, whole or damaged, to what the full decoder gives', () => {
    fc.assert(
      fc.property(longEntry, damage, placement, (object, damageIt, [shift, around]) =>
        expectSameAsFullDecoder(damageIt(JSON.stringify(object)), shift, around),
      ),
      { numRuns: fcRuns },
    );
  });

  it('decodes every short line, whole or damaged, to what the full decoder gives (zod left out only where sure)', () => {
    fc.assert(
      fc.property(fc.oneof(entryObject, keptFields), damage, (object, damageIt) =>
        expectSameAsFullDecoder(damageIt(JSON.stringify(object))),
      ),
      { numRuns: fcRuns },
    );
  });

  it('decodes lines from 512 bytes to 2 KiB, whole or damaged, cut where they hold a long string, as the full decoder does', () => {
    const mediumText = fc.array(piece, { minLength: 20, maxLength: 120 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.oneof(entryObject, keptFields), mediumText, damage, placement, (object, text, damageIt, [shift, around]) => {
        const line = damageIt(JSON.stringify({ ...object, toolUseResult: { stdout: text.padEnd(CUT_FROM_BYTES, ' x') } }));
        expectSameAsFullDecoder(line, shift, around);
      }),
      { numRuns: fcRuns },
    );
  });

  it('keeps a long text that is only white space blank', () => {
    fc.assert(
      fc.property(blankText, longText, (blank, filler) => {
        const object = {
          type: 'assistant',
          uuid: 'u1',
          message: { role: 'assistant', content: [{ type: 'text', text: blank }] },
          extra: filler,
        };
        const bytes = Buffer.from(JSON.stringify(object), 'utf8');
        const expected = new LineDecoder(0).decode(rawLine(bytes));
        expect(new FastLineDecoder(0).decode(rawLine(bytes))).toEqual(expected === null ? null : scanItemOf(expected));
      }),
      { numRuns: fcRuns },
    );
  });

  it('decodes kept names written with escapes past ASCII as the full decoder does', () => {
    fc.assert(
      fc.property(keptFields, longText, (object, filler) => {
        const text = JSON.stringify({ ...object, extra: filler }).replace(/é/g, '\\u00e9');
        const bytes = Buffer.from(text, 'utf8');
        const expected = new LineDecoder(0).decode(rawLine(bytes));
        expect(new FastLineDecoder(0).decode(rawLine(bytes))).toEqual(expected === null ? null : scanItemOf(expected));
      }),
      { numRuns: fcRuns },
    );
  });

  it("decodes a file's first line, with a byte-order mark or without, as the full decoder does, and leaves zod out where sure", () => {
    fc.assert(
      fc.property(fc.oneof(entryObject, keptFields, longEntry), fc.boolean(), (object, bom) => {
        const text = Buffer.from(JSON.stringify(object), 'utf8');
        const bytes = bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]) : text;
        const first: RawLine = { bytes, offset: 0, length: bytes.length, line: 1, terminated: true, overflow: false };
        const expected = new LineDecoder(0).decode(first);
        expect(new FastLineDecoder(0).decode(first)).toEqual(expected === null ? null : scanItemOf(expected));
      }),
      { numRuns: fcRuns },
    );
    const line = { type: 'queue-operation', operation: 'enqueue', sessionId: 's', timestamp: 't' };
    const bytes = Buffer.from(JSON.stringify(line), 'utf8');
    const full = vi.spyOn(LineDecoder.prototype, 'decode');
    try {
      new FastLineDecoder(0).decode({ bytes, offset: 0, length: bytes.length, line: 1, terminated: true, overflow: false });
      expect(full).not.toHaveBeenCalled();
    } finally {
      full.mockRestore();
    }
  });

  it('decodes lines that are no UTF-8 as the full decoder does', () => {
    fc.assert(
      fc.property(longEntry, fc.nat(), (object, at) => {
        const text = Buffer.from(JSON.stringify(object), 'utf8');
        const bytes = Buffer.concat([text.subarray(0, at % text.length), Buffer.from([0xc3]), text.subarray(at % text.length)]);
        const expected = new LineDecoder(0).decode(rawLine(bytes));
        expect(new FastLineDecoder(0).decode(rawLine(bytes))).toEqual(expected === null ? null : scanItemOf(expected));
      }),
      { numRuns: fcRuns },
    );
  });
});
