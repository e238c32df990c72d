import { appendFileSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { RunningCrc, spanHash } from '../../src/catalog/fileRange.js';
import { foldFile } from '../../src/catalog/foldFile.js';
import { tempDir } from '../support/tempDir.js';

const CLOSED_FD = 2 ** 30;

describe("a window span's CRC-32 taken as the scan reads it (decision 99)", () => {
  it('is the span’s CRC-32, given without reading the file again when the span is what was read', () => {
    const crc = new RunningCrc(100);
    crc.add(Buffer.from('{"a":1}\n'));
    crc.add(Buffer.from('{"b":2}\n'));
    expect(crc.hashOf(CLOSED_FD, 100, 116)).toBe(crc32('{"a":1}\n{"b":2}\n'));
  });

  it('reads the file again for any other span', () => {
    const path = join(tempDir(), 'span.jsonl');
    appendFileSync(path, 'x\n{"a":1}\n{"b":2}\n');
    const fd = openSync(path, 'r');
    try {
      const crc = new RunningCrc(2);
      crc.add(Buffer.from('{"a":1}\n{"b":2}\n'));
      expect(crc.hashOf(fd, 0, 18)).toBe(spanHash(fd, 0, 18));
      expect(crc.hashOf(fd, 2, 10)).toBe(crc32('{"a":1}\n'));
      expect(() => crc.hashOf(CLOSED_FD, 0, 18)).toThrow();
    } finally {
      closeSync(fd);
    }
  });

  it('gives a fold the row it gave when the span was read again, with a torn last line or without', () => {
    const path = join(tempDir(), 'session.jsonl');
    writeCorpus(path, 300_000, 5, { compactions: 1 });
    const whole = foldFile({ path }).row;
    expect(JSON.parse(whole.snapshot).window.spanHash).toBe(spanHashOfFile(path, 0, whole.endOffset));
    appendFileSync(path, '{"type":"user","message":{"role":"user","content":"torn');
    const torn = foldFile({ path }).row;
    expect(torn.endOffset).toBe(whole.endOffset);
    expect(JSON.parse(torn.snapshot).window.spanHash).toBe(JSON.parse(whole.snapshot).window.spanHash);
  });
});

function spanHashOfFile(path: string, from: number, to: number): number {
  const fd = openSync(path, 'r');
  try {
    return spanHash(fd, from, to);
  } finally {
    closeSync(fd);
  }
}
