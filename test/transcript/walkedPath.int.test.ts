import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookAtWalked } from '../../src/transcript/walkedPath.js';
import { tempDir } from '../support/tempDir.js';

describe('lookAtWalked (decision 111)', () => {
  it('a pipe gone between the listing and the look is still named as the listing saw it, without throwing', () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'pipe.jsonl')]);
    const [dirent] = readdirSync(dir, { withFileTypes: true });
    rmSync(join(dir, 'pipe.jsonl'));
    expect(dirent === undefined ? undefined : lookAtWalked(join(dir, 'pipe.jsonl'), dirent)).toEqual({
      reason: 'not a regular file (a named pipe (FIFO))',
    });
  });
});
