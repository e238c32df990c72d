import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMPTY, Subject, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { followTranscript } from '../../src/index.js';
import { tempDir } from '../support/tempDir.js';

const line = (n: number): string => JSON.stringify({ type: 'user', uuid: `u${n}`, message: { role: 'user', content: 'x'.repeat(200) } });

describe('followTranscript stopping', () => {
  it.each([0, 3, 10, 25])('stopped %i ms into reading a large file, it still delivers every line exactly once', async (delay) => {
    const file = join(tempDir(), 'big.jsonl');
    writeFileSync(file, Array.from({ length: 20_000 }, (_, n) => `${line(n)}\n`).join(''));
    const stop = new Subject<void>();
    const all = lastValueFrom(followTranscript(file, { pollMs: 1, stop, chunkBytes: 64 * 1024 }).pipe(toArray()));
    setTimeout(() => stop.next(), delay);
    const items = await all;
    expect(items.filter((i) => i.kind === 'diagnostic')).toEqual([]);
    expect(items.map((i) => (i.kind === 'entry' ? (i.entry as { uuid: string }).uuid : ''))).toEqual(
      Array.from({ length: 20_000 }, (_, n) => `u${n}`),
    );
  });

  it('a stop signal that only completes stops too', async () => {
    const file = join(tempDir(), 'one.jsonl');
    writeFileSync(file, `${line(1)}\n`);
    await expect(lastValueFrom(followTranscript(file, { pollMs: 5, stop: EMPTY }).pipe(toArray()))).resolves.toHaveLength(1);
  });
});
