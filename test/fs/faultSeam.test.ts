import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendWholeLines, appendWholeLinesSync } from '../../src/fs/appendLines.js';
import { atomicWrite } from '../../src/fs/atomicWrite.js';
import { mkdir, rm } from '../../src/fs/faultableFs.js';
import { withFaults } from '../../src/testing/faults.js';
import { tempDir } from '../support/tempDir.js';

describe('the fault seam', () => {
  it('unarmed, counts the changes a piece of work makes and fails none', async () => {
    const dir = tempDir();
    const run = await withFaults(null, () => atomicWrite(join(dir, 'a.md'), 'x'));
    expect(run.result.ok).toBe(true);
    // mkdir, open, one write, fsync, rename
    expect(run.calls).toBe(5);
    expect(run.fired).toBe(false);
  });

  it('fails exactly the Nth change with the errno a disk gives, and only that one', async () => {
    const dir = tempDir();
    const run = await withFaults({ at: 2, kind: 'EIO' }, async () => {
      await mkdir(join(dir, 'one'), { recursive: true });
      await mkdir(join(dir, 'two'), { recursive: true });
    });
    expect(run.result.ok).toBe(false);
    expect(run.result.ok === false && (run.result.error as NodeJS.ErrnoException).code).toBe('EIO');
    expect(existsSync(join(dir, 'one'))).toBe(true);
    expect(existsSync(join(dir, 'two'))).toBe(false);
    const after = await withFaults({ at: 1, kind: 'EIO' }, () => Promise.resolve());
    expect(after.fired).toBe(false);
  });

  it('a sticky fault keeps failing what needs space, while removing files still works', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'old'), 'x');
    const run = await withFaults({ at: 1, kind: 'ENOSPC', sticky: true }, async () => {
      const errors: string[] = [];
      for (const step of [
        () => mkdir(join(dir, 'a'), { recursive: true }),
        () => mkdir(join(dir, 'b'), { recursive: true }),
        () => rm(join(dir, 'old')),
      ])
        await step().then(
          () => errors.push('ok'),
          (error: NodeJS.ErrnoException) => errors.push(error.code ?? '?'),
        );
      return errors;
    });
    expect(run.result).toEqual({ ok: true, value: ['ENOSPC', 'ENOSPC', 'ok'] });
    expect(existsSync(join(dir, 'old'))).toBe(false);
  });

  it('a short write: an append puts down part of its bytes, the disk is full, and the append is taken back', async () => {
    const file = join(tempDir(), 'log.jsonl');
    writeFileSync(file, '{"a":1}\n');
    for (const append of [
      (text: string) => appendWholeLines(file, text),
      (text: string) => Promise.resolve(appendWholeLinesSync(file, text)),
    ]) {
      // mkdir, open, then the write: the third change.
      const run = await withFaults({ at: 3, kind: 'short' }, () => append('{"b":2}\n{"c":3}\n'));
      expect(run.fired).toBe(true);
      expect(run.result.ok === false && (run.result.error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    }
  });

  it('a torn last line is ended in the same write as the append, and a failed append takes that newline back too', async () => {
    const file = join(tempDir(), 'log.jsonl');
    writeFileSync(file, '{"a":1}\n{"torn');
    const failed = await withFaults({ at: 3, kind: 'short' }, () => appendWholeLines(file, '{"b":2}\n', { endTornTail: true }));
    expect(failed.result.ok).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"torn');
    await appendWholeLines(file, '{"b":2}\n', { endTornTail: true });
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"torn\n{"b":2}\n');
  });

  it('an atomic write that fails at any of its changes leaves the target as it was and no temp file', async () => {
    const dir = tempDir();
    const target = join(dir, 'file.md');
    writeFileSync(target, 'before');
    for (let at = 1; at <= 5; at++) {
      const run = await withFaults({ at, kind: 'EIO' }, () => atomicWrite(target, 'after'));
      expect(run.result.ok).toBe(false);
      expect(readFileSync(target, 'utf8')).toBe('before');
      expect(readdirSync(dir)).toEqual(['file.md']);
    }
  });
});
