import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TranscriptParser, type ReadItem } from '../../src/transcript/index.js';
import { fcRuns } from '../support/fcRuns.js';

const KEEP_BYTES = 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A valid user entry of exactly `bytes` bytes (ASCII, so characters are bytes). */
function entryLine(n: number, bytes: number): string {
  const empty = JSON.stringify({ type: 'user', uuid: `u${n}`, message: { role: 'user', content: '' } });
  return empty.replace('"content":""', `"content":"${'x'.repeat(bytes - empty.length)}"`);
}

/** Reads `bytes` cut into chunks at `cuts`, with the given line limit. */
function read(bytes: Buffer, cuts: readonly number[], maxLineBytes: number): ReadItem[] {
  const parser = new TranscriptParser({ maxLineBytes });
  const items: ReadItem[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    items.push(...parser.push(bytes.subarray(from, cut)));
    from = cut;
  }
  items.push(...parser.push(bytes.subarray(from)), ...parser.end());
  return items;
}

describe('the line limit', () => {
  it('a line over the limit is line_too_long with its line, offset and length, and every other line reads exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 400 }),
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        (limit, around, cuts, bom, terminated) => {
          // Sizes around the limit, and now and then a short line between them.
          const sizes = around.map((d, i) => (i % 3 === 2 ? 80 : limit + d));
          const lines = sizes.map((size, i) => entryLine(i, size - (bom && i === 0 ? BOM.length : 0)));
          const text = lines.join('\n') + (terminated ? '\n' : '');
          const bytes = bom ? Buffer.concat([BOM, Buffer.from(text)]) : Buffer.from(text);
          const items = read(bytes, cuts, limit);

          expect(items).toHaveLength(lines.length);
          let offset = bom ? BOM.length : 0;
          let seq = 0;
          for (const [i, line] of lines.entries()) {
            const item = items[i]!;
            expect(item).toMatchObject({ line: i + 1, offset });
            if (sizes[i]! > limit) {
              expect(item).toMatchObject({ kind: 'diagnostic', code: 'line_too_long', length: line.length });
              expect(item.kind === 'diagnostic' && item.message).toContain(`line of ${line.length} bytes`);
              expect(line.startsWith(item.raw)).toBe(true);
              expect(item.raw.length).toBe(Math.min(KEEP_BYTES, limit) - (bom && i === 0 ? BOM.length : 0));
            } else {
              expect(item).toMatchObject({ kind: 'entry', raw: line, seq: seq++ });
            }
            offset += line.length + 1;
          }
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
