import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineRanges } from '../../src/catalog/rangeFold.js';
import { tempDir } from '../support/tempDir.js';

/** The ranges of a file of 100 lines of 100 bytes. */
function rangesOf(parts: number, headStart?: number): Array<{ start: number; end: number }> {
  const path = join(tempDir(), 'lines.jsonl');
  writeFileSync(path, `${'x'.repeat(99)}\n`.repeat(100));
  const fd = openSync(path, 'r');
  try {
    return lineRanges(fd, 10_000, parts, headStart);
  } finally {
    closeSync(fd);
  }
}

describe('a file cut in line-aligned parts', () => {
  it('cuts about equal parts, each just past the first newline from its share on', () => {
    expect(rangesOf(2)).toEqual([
      { start: 0, end: 5_100 },
      { start: 5_100, end: 10_000 },
    ]);
  });

  it('gives the first part (the calling thread’s) a head start while the others share the rest (decision 95)', () => {
    expect(rangesOf(2, 2_000)).toEqual([
      { start: 0, end: 6_100 },
      { start: 6_100, end: 10_000 },
    ]);
    expect(rangesOf(3, 1_000)).toEqual([
      { start: 0, end: 4_100 },
      { start: 4_100, end: 7_100 },
      { start: 7_100, end: 10_000 },
    ]);
  });

  it('gives the first part the whole file when the head start is all of it', () => {
    expect(rangesOf(2, 10_000)).toEqual([{ start: 0, end: 10_000 }]);
  });
});
