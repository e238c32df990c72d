import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTail } from '../../src/transcript/index.js';
import { tempDir } from '../support/tempDir.js';

const line = (n: number): string => JSON.stringify({ type: 'custom-title', customTitle: `t${n}`, pad: 'x'.repeat(50) });

describe('readTail', () => {
  it('gives the lines wholly inside the last bytes, skipping the one the window cuts, with real offsets', () => {
    const file = join(tempDir(), 'log.jsonl');
    const lines = Array.from({ length: 10 }, (_, n) => line(n));
    writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
    const size = lines.join('\n').length + 1;
    const items = readTail(file, (line(0).length + 1) * 3 + 5);
    expect(items.map((i) => i.raw)).toEqual(lines.slice(7));
    expect(items[0]?.offset).toBe(size - (line(0).length + 1) * 3);
  });

  it('reads the whole of a small file, and nothing of a missing one', () => {
    const file = join(tempDir(), 'log.jsonl');
    writeFileSync(file, `${line(1)}\n`);
    expect(readTail(file)).toHaveLength(1);
    expect(readTail(join(tempDir(), 'none.jsonl'))).toEqual([]);
  });
});
