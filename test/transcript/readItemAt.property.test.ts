import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readItemAt, readTranscriptFileSync } from '../../src/transcript/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';
import { transcriptFileBytes } from '../support/transcriptFileArbitrary.js';

describe('reading an item back by its offset', () => {
  it('gives exactly the item the stream gave: entries and diagnostics, after a BOM, with CRLF, damaged lines and multi-byte text', () => {
    fc.assert(
      fc.property(transcriptFileBytes, fc.integer({ min: 1, max: 512 }), (bytes, chunkBytes) => {
        const path = join(tempDir(), 'session.jsonl');
        writeFileSync(path, bytes);
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
