import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { followTranscript, type ReadItem } from '../../src/index.js';
import { tempDir } from '../support/tempDir.js';

const line = (uuid: string): string => JSON.stringify({ type: 'user', uuid, message: { role: 'user', content: uuid } });
const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('followTranscript', () => {
  it('emits lines as they are appended, holds a half-written line back, and flushes it when stopped', async () => {
    const file = join(tempDir(), 'live.jsonl');
    const stop = new Subject<void>();
    const seen: ReadItem[] = [];
    let done = false;
    followTranscript(file, { pollMs: 5, stop }).subscribe({ next: (item) => seen.push(item), complete: () => (done = true) });
    await new Promise((resolve) => setTimeout(resolve, 30)); // no file yet: nothing, no error
    writeFileSync(file, `${line('a')}\n`);
    await until(() => seen.length === 1);
    appendFileSync(file, line('b').slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen).toHaveLength(1); // b is incomplete: held back
    appendFileSync(file, `${line('b').slice(10)}\n${line('c').slice(0, 5)}`);
    await until(() => seen.length === 2);
    stop.next();
    await until(() => done);
    expect(seen.map((i) => (i.kind === 'entry' ? `entry@${i.line}` : `${i.code}@${i.line}`))).toEqual([
      'entry@1',
      'entry@2',
      'truncated_line@3',
    ]);
  });

  it('reports a file that shrinks and follows it from its new end', async () => {
    const file = join(tempDir(), 'live.jsonl');
    writeFileSync(file, `${line('a')}\n${line('b')}\n`);
    const stop = new Subject<void>();
    const seen: ReadItem[] = [];
    let done = false;
    followTranscript(file, { pollMs: 5, stop }).subscribe({ next: (item) => seen.push(item), complete: () => (done = true) });
    await until(() => seen.length === 2);
    writeFileSync(file, `${line('x')}\n`);
    await until(() => seen.length === 3);
    stop.next();
    await until(() => done);
    expect(seen[2]).toMatchObject({ kind: 'diagnostic', code: 'read_error' });
  });
});
