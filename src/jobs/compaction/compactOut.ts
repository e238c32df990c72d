import { constants } from 'node:fs';
import { lstat, stat } from 'node:fs/promises';
import { copyFile, rm } from '../../fs/faultableFs.js';
import { MemlogError } from '../../errors.js';
import { describeFileKind } from '../../fs/fileKind.js';

/**
 * Refuses an `--out` that a compacted copy must not be written to: a symbolic link (the copy
 * would land wherever it points), the transcript itself under any name (that would compact it
 * in place, which --out is there to avoid), anything but a regular file, and, unless `force`,
 * a file that exists.
 */
export async function checkCompactOut(transcriptPath: string, out: string, force: boolean): Promise<void> {
  let info;
  try {
    info = await lstat(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (info.isSymbolicLink())
    throw new MemlogError('invalid_argument', `${out} is a symbolic link; --out never writes through one, even with --force`, {
      path: out,
    });
  const transcript = await stat(transcriptPath);
  if (info.dev === transcript.dev && info.ino === transcript.ino)
    throw new MemlogError('invalid_argument', `${out} is the transcript itself; compact without --out appends to it`, { path: out });
  if (!info.isFile())
    throw new MemlogError('invalid_argument', `${out} is ${describeFileKind(info)}; --out writes a regular file`, { path: out });
  if (!force) throw new MemlogError('invalid_argument', `${out} already exists; --force replaces it`, { path: out });
}

/**
 * Copies the transcript to a checked `--out`. The copy never opens an existing path: with
 * `force` the old file is unlinked first, so a link put there since the check is removed,
 * not followed.
 */
export async function copyToOut(transcriptPath: string, out: string, force: boolean): Promise<void> {
  if (force) await rm(out, { force: true });
  await copyFile(transcriptPath, out, constants.COPYFILE_EXCL);
}
