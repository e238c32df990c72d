import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openForWriteSync, writeFile } from '../../src/fs/faultableFs.js';
import { NotRegularFileError, readRegularFile, readRegularFileSync, readRegularTextOrNull } from '../../src/fs/regularFile.js';
import { tempDir } from '../support/tempDir.js';

const mkfifo = (path: string): string => {
  execFileSync('mkfifo', [path]);
  return path;
};

describe('files are opened for their kind', () => {
  it('a named pipe is refused for reading and for writing, without waiting for its other end', async () => {
    const pipe = mkfifo(join(tempDir(), 'pipe'));
    const refusal = `${pipe}: not a regular file (a named pipe)`;
    expect(() => readRegularFileSync(pipe)).toThrow(new NotRegularFileError(pipe, 'a named pipe'));
    await expect(readRegularFile(pipe, 'utf8')).rejects.toThrow(refusal);
    expect(() => openForWriteSync(pipe, 'a+')).toThrow(refusal);
    await expect(writeFile(pipe, 'x')).rejects.toThrow(refusal);
  });

  it('a symbolic link is followed unless told not to, and then refused, its target untouched', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'target'), 'kept\n');
    symlinkSync(join(dir, 'target'), join(dir, 'link'));
    expect(readRegularFileSync(join(dir, 'link'), 'utf8')).toBe('kept\n');
    expect(() => readRegularFileSync(join(dir, 'link'), { follow: false })).toThrow(
      `${join(dir, 'link')}: not a regular file (a symbolic link)`,
    );
    await expect(writeFile(join(dir, 'link'), 'pid\n', { follow: false })).rejects.toThrow('not a regular file (a symbolic link)');
    expect(readFileSync(join(dir, 'target'), 'utf8')).toBe('kept\n');
  });

  it('a folder keeps the errno it always had, and a missing file is null where asked', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder'));
    expect(() => readRegularFileSync(join(dir, 'folder'))).toThrow(expect.objectContaining({ code: 'EISDIR' }));
    expect(await readRegularTextOrNull(join(dir, 'missing'))).toBeNull();
  });
});
