import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendWholeLines, repairTornTail } from '../../src/fs/index.js';
import { tempDir } from '../support/tempDir.js';

describe('appendWholeLines and repairTornTail', () => {
  it('creates missing folders 0700 and the file 0600, and appends', async () => {
    const dir = tempDir();
    const file = join(dir, 'a', 'b', 'log.jsonl');
    await appendWholeLines(file, 'one\n');
    await appendWholeLines(file, 'two\nthree\n');
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);
  });

  it('refuses text that does not end a line, so no caller can leave a fragment', async () => {
    await expect(appendWholeLines(join(tempDir(), 'x.jsonl'), 'no newline')).rejects.toThrow(/ends with a newline/);
  });

  it('ends a torn tail once and reports whether it had to', async () => {
    const file = join(tempDir(), 'log.jsonl');
    expect(await repairTornTail(file)).toBe(false);
    writeFileSync(file, '');
    expect(await repairTornTail(file)).toBe(false);
    writeFileSync(file, 'complete\n{"torn');
    expect(await repairTornTail(file)).toBe(true);
    expect(await repairTornTail(file)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('complete\n{"torn\n');
  });
});
