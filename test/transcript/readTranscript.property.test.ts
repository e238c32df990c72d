import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeEntry, type ReadItem } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { entryObject, entryObjects } from '../support/arbitraries.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

function readBytes(bytes: Buffer, options: { chunkBytes?: number; maxLineBytes?: number } = {}): ReadItem[] {
  const file = join(tempDir(), 't.jsonl');
  writeFileSync(file, bytes);
  return readTranscriptFileSync(file, options);
}

/** Every item's raw text sits at its offset in the file (lines are never shifted or glued). */
function expectRawAtOffset(bytes: Buffer, items: ReadItem[]): void {
  for (const item of items) {
    // These keep a prefix, or text decoded with replacement characters, not the exact bytes.
    if (item.kind === 'diagnostic' && (item.code === 'line_too_long' || item.code === 'invalid_utf8' || item.raw.includes('\uFFFD')))
      continue;
    const raw = Buffer.from(item.raw, 'utf8');
    expect(bytes.subarray(item.offset, item.offset + raw.length).equals(raw)).toBe(true);
  }
}

describe('reader properties', () => {
  it('entries written as lines read back unchanged, for any chunk size', () => {
    fc.assert(
      fc.property(entryObjects, fc.integer({ min: 1, max: 4096 }), (objects, chunkBytes) => {
        const lines = objects.map((o) => JSON.stringify(o));
        const items = readBytes(Buffer.from(lines.map((l) => `${l}\n`).join('')), { chunkBytes });
        expect(items.every((i) => i.kind === 'entry')).toBe(true);
        expect(items.map((i) => i.raw)).toEqual(lines);
        for (const [n, item] of items.entries()) {
          if (item.kind !== 'entry') continue;
          expect(serializeEntry(item.entry)).toBe(lines[n]);
          expect(item.entry.type === 'unknown' ? item.entry.raw : item.entry).toEqual(objects[n]);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it('lines formatted unlike JSON.stringify (spaces between tokens) still re-serialise byte for byte', () => {
    fc.assert(
      fc.property(entryObjects, (objects) => {
        const lines = objects.map((o) => JSON.stringify(o, null, 1).replace(/\n */g, ' '));
        const items = readBytes(Buffer.from(lines.map((l) => `${l}\n`).join('')));
        expect(items.map((i) => (i.kind === 'entry' ? serializeEntry(i.entry) : i.code))).toEqual(lines);
      }),
      { numRuns: fcRuns },
    );
  });

  it('random bytes between lines never throw and never cost a complete line', () => {
    const segment = fc.oneof(
      entryObject.map((o) => ({ valid: true, bytes: Buffer.from(JSON.stringify(o)) })),
      fc.uint8Array({ maxLength: 200 }).map((b) => ({ valid: false, bytes: Buffer.from(b) })),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 20 }), fc.integer({ min: 1, max: 512 }), (segments, chunkBytes) => {
        const bytes = Buffer.concat(segments.flatMap((s) => [s.bytes, Buffer.from('\n')]));
        const items = readBytes(bytes, { chunkBytes });
        const raws = items.filter((i) => i.kind === 'entry').map((i) => i.raw);
        const wanted = segments.filter((s) => s.valid).map((s) => s.bytes.toString('utf8'));
        let at = 0;
        for (const raw of raws) if (raw === wanted[at]) at++;
        expect(at).toBe(wanted.length);
        expectRawAtOffset(bytes, items);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a file cut at any offset keeps every line before the cut and reports the torn one', () => {
    fc.assert(
      fc.property(entryObjects, fc.nat(), (objects, cutSeed) => {
        const whole = Buffer.from(objects.map((o) => `${JSON.stringify(o)}\n`).join(''));
        const cut = whole.length === 0 ? 0 : cutSeed % (whole.length + 1);
        const bytes = whole.subarray(0, cut);
        const items = readBytes(bytes);
        const complete = bytes
          .toString('utf8')
          .split('\n')
          .slice(0, -1)
          .filter((l) => l.trim() !== '');
        const entries = items.filter((i) => i.kind === 'entry').map((i) => i.raw);
        expect(entries.slice(0, complete.length)).toEqual(complete);
        const torn = items.filter((i) => i.kind === 'diagnostic');
        expect(torn.every((d) => d.kind === 'diagnostic' && d.code === 'truncated_line')).toBe(true);
        expect(torn.length + entries.length - complete.length).toBeLessThanOrEqual(1);
        expectRawAtOffset(bytes, items);
      }),
      { numRuns: fcRuns },
    );
  });

  it('multi-MB lines are read whole under the limit, or reported and skipped over it, and the neighbours survive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.boolean(), (megabytes, overLimit) => {
        const big = JSON.stringify({
          type: 'user',
          uuid: 'big',
          message: { role: 'user', content: 'é'.repeat((megabytes * 1024 * 1024) / 2) },
        });
        const before = JSON.stringify({ type: 'user', uuid: 'before', message: { role: 'user', content: 'a' } });
        const after = JSON.stringify({ type: 'user', uuid: 'after', message: { role: 'user', content: 'b' } });
        const bytes = Buffer.from(`${before}\n${big}\n${after}\n`);
        const maxLineBytes = overLimit ? 1024 * 1024 - 1 : 8 * 1024 * 1024;
        const items = readBytes(bytes, { maxLineBytes, chunkBytes: 64 * 1024 });
        expect(items.map((i) => (i.kind === 'entry' ? i.raw.slice(0, 30) : i.code))).toEqual([
          before.slice(0, 30),
          overLimit ? 'line_too_long' : big.slice(0, 30),
          after.slice(0, 30),
        ]);
      }),
      { numRuns: Math.min(fcRuns, 8) },
    );
  });
});
