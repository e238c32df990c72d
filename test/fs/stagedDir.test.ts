import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atomicWrite } from '../../src/fs/atomicWrite.js';
import { applyStagedFiles, removeStagedDir, removeStagedLeftovers, stageDir, stagedDirPath } from '../../src/fs/stagedDir.js';
import { withFaults } from '../../src/testing/faults.js';
import { tempDir } from '../support/tempDir.js';

/** A directory to stage: two files at the top, one in a subfolder. */
function makeDir(): string {
  const dir = join(tempDir(), 'memory');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(dir, 'a.md'), 'a\n');
  writeFileSync(join(dir, 'b.md'), 'b\n');
  writeFileSync(join(dir, 'sub', 'c.md'), 'c\n');
  return dir;
}

const read = (path: string): string => readFileSync(path, 'utf8');

describe('stagedDirPath', () => {
  it('puts the copy beside the directory, named after it, with unsafe characters replaced', () => {
    expect(stagedDirPath(join('/x', 'memory'), 's1.extraction@2/..')).toBe(join('/x', '.memory.s1.extraction_2_...memlog-run'));
  });
});

describe('stageDir', () => {
  it('links every file, and the directory stays as it was until the changes are applied', async () => {
    const dir = makeDir();
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    expect(statSync(join(staged.path, 'sub', 'c.md')).ino).toBe(statSync(join(dir, 'sub', 'c.md')).ino);

    await atomicWrite(join(staged.path, 'a.md'), 'a, changed\n');
    await atomicWrite(join(staged.path, 'sub', 'new.md'), 'new\n');
    await atomicWrite(join(staged.path, 'b.md'), 'b\n'); // replaced, same bytes: no change

    const changes = await staged.changes();
    expect(changes.map(({ file, content, change }) => [file, content.toString('utf8'), change])).toEqual([
      ['a.md', 'a, changed\n', 'updated'],
      [join('sub', 'new.md'), 'new\n', 'added'],
    ]);
    expect(read(join(dir, 'a.md'))).toBe('a\n');
    expect(existsSync(join(dir, 'sub', 'new.md'))).toBe(false);

    await applyStagedFiles(
      staged.path,
      dir,
      changes.map((c) => c.file),
    );
    expect(read(join(dir, 'a.md'))).toBe('a, changed\n');
    expect(read(join(dir, 'sub', 'new.md'))).toBe('new\n');
    expect(read(join(dir, 'b.md'))).toBe('b\n');
    expect(existsSync(staged.path)).toBe(false);
    expect(existsSync(`${staged.path}.base`)).toBe(false);
  });

  it('does not count a file the directory replaced meanwhile, and does not put the old one back', async () => {
    const dir = makeDir();
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    await atomicWrite(join(dir, 'a.md'), 'a, written meanwhile\n');
    await atomicWrite(join(staged.path, 'a.md'), 'a\n');
    const changes = await staged.changes();
    expect(changes).toEqual([]);
    await applyStagedFiles(
      staged.path,
      dir,
      changes.map((c) => c.file),
    );
    expect(read(join(dir, 'a.md'))).toBe('a, written meanwhile\n');
  });

  it('leaves out temp files of a write cut short, and a link that leads out of the directory', async () => {
    const dir = makeDir();
    const outside = join(dir, '..', 'outside.md');
    writeFileSync(outside, 'not memory\n');
    symlinkSync(outside, join(dir, 'out.md'));
    symlinkSync(join(dir, 'a.md'), join(dir, 'in.md'));
    writeFileSync(join(dir, '.a.md.0123456789ab.tmp'), 'half');
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    expect(readdirSync(staged.path).sort()).toEqual(['a.md', 'b.md', 'in.md', 'sub']);
    expect(read(join(staged.path, 'in.md'))).toBe('a\n');
    expect(await staged.changes()).toEqual([]);
  });

  it('copies a file, with its times, when it cannot be linked', async () => {
    // One file: the files of a copy are linked side by side, so with more the Nth fault point
    // would not always be the same change.
    const dir = join(tempDir(), 'memory');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.md'), 'a\n');
    utimesSync(join(dir, 'a.md'), new Date('2024-01-02T03:04:05Z'), new Date('2024-01-02T03:04:05Z'));
    const staging = stagedDirPath(dir, 'run1');
    const dry = await withFaults(null, () => stageDir(dir, staging));
    const firstLink = dry.trail.find((line) => / link .*a\.md$/.test(line) && !line.includes('.base'));
    expect(firstLink).toBeDefined();
    const run = await withFaults({ at: Number(firstLink?.split(' ')[0]), kind: 'EACCES' }, () => stageDir(dir, staging));
    expect(run.fired).toBe(true);
    expect(run.result.ok).toBe(true);
    const copy = statSync(join(staging, 'a.md'));
    expect(copy.ino).not.toBe(statSync(join(dir, 'a.md')).ino);
    expect(copy.mtime.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(read(join(staging, 'a.md'))).toBe('a\n');
    if (run.result.ok) expect(await run.result.value.changes()).toEqual([]);
  });
});

describe('applyStagedFiles', () => {
  it('moves the files in the order given, and finishes an apply a crash cut short', async () => {
    const dir = makeDir();
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    await atomicWrite(join(staged.path, 'a.md'), 'a2\n');
    await atomicWrite(join(staged.path, 'b.md'), 'b2\n');
    // The first move happened, then the process died.
    renameSync(join(staged.path, 'b.md'), join(dir, 'b.md'));
    await applyStagedFiles(staged.path, dir, ['b.md', 'a.md']);
    expect([read(join(dir, 'a.md')), read(join(dir, 'b.md'))]).toEqual(['a2\n', 'b2\n']);
    expect(existsSync(staged.path)).toBe(false);
  });

  it('moves nothing when no file is named, and removes the copy', async () => {
    const dir = makeDir();
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    await atomicWrite(join(staged.path, 'a.md'), 'a2\n');
    await applyStagedFiles(staged.path, dir, []);
    expect(read(join(dir, 'a.md'))).toBe('a\n');
    expect(existsSync(staged.path)).toBe(false);
  });
});

describe('removing copies', () => {
  it('removeStagedDir drops a copy and its base links; the directory keeps its files', async () => {
    const dir = makeDir();
    const staged = await stageDir(dir, stagedDirPath(dir, 'run1'));
    await atomicWrite(join(staged.path, 'a.md'), 'a2\n');
    await removeStagedDir(staged.path);
    expect(existsSync(staged.path)).toBe(false);
    expect(existsSync(`${staged.path}.base`)).toBe(false);
    expect(read(join(dir, 'a.md'))).toBe('a\n');
  });

  it('removeStagedLeftovers drops every copy of this directory and nothing else beside it', async () => {
    const dir = makeDir();
    await stageDir(dir, stagedDirPath(dir, 'run1'));
    await stageDir(dir, stagedDirPath(dir, 'run2'));
    const parent = join(dir, '..');
    mkdirSync(join(parent, 'effects'));
    writeFileSync(join(parent, '.memory.memlog-extract.lock'), '');
    mkdirSync(join(parent, '.other.run1.memlog-run'));
    await removeStagedLeftovers(dir);
    expect(readdirSync(parent).sort()).toEqual(['.memory.memlog-extract.lock', '.other.run1.memlog-run', 'effects', 'memory']);
    await removeStagedLeftovers(join(parent, 'missing', 'memory')); // no parent folder: nothing to do
  });
});
