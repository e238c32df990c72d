import { closeSync, fstatSync, ftruncateSync, readSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { mkdir, mkdirSync, openForWrite, openForWriteSync, writeAllAsync, writeAllSync } from './faultableFs.js';
import { openRegular } from './regularFile.js';

export interface AppendOptions {
  /** Mode for a file this call creates (Claude Code uses 0600, and 0700 for folders). */
  readonly fileMode?: number;
  readonly dirMode?: number;
  /**
   * When the file ends inside a line (a crash cut it), end that line first, in the same write:
   * the fragment stays a damaged line of its own (a diagnostic), never glued to these lines, and
   * a failed append takes the newline back with the rest.
   */
  readonly endTornTail?: boolean;
}

/**
 * Appends whole lines in one write(2) on an O_APPEND descriptor, so concurrent appenders to
 * the same regular file never interleave inside a line. `lines` must end with '\n'. A write that
 * fails part-way (a full disk) is taken back: the file is cut back to where it was, so no torn
 * line is left for the next writer to glue its own to. Then the error is thrown.
 */
export async function appendWholeLines(path: string, lines: string, options: AppendOptions = {}): Promise<void> {
  if (lines.length === 0) return;
  if (!lines.endsWith('\n')) throw new TypeError('appendWholeLines needs text that ends with a newline');
  await mkdir(dirname(path), { recursive: true, mode: options.dirMode ?? 0o700 });
  // a+: appends as 'a' does, and lets a failed append read back what it left.
  const handle = await openForWrite(path, 'a+', options.fileMode ?? 0o600);
  try {
    const bytes = Buffer.from(options.endTornTail === true && endsInsideLine(handle.fd) ? `\n${lines}` : lines, 'utf8');
    try {
      await writeAllAsync(handle, bytes, path);
    } catch (error) {
      takeBackPartialAppend(handle.fd, bytes, (error as { bytesWritten?: number }).bytesWritten ?? 0);
      throw error;
    }
  } finally {
    await handle.close();
  }
}

/** The same, synchronously: for records that must be on disk before the current tick ends. */
export function appendWholeLinesSync(path: string, lines: string, options: AppendOptions = {}): void {
  if (lines.length === 0) return;
  if (!lines.endsWith('\n')) throw new TypeError('appendWholeLinesSync needs text that ends with a newline');
  mkdirSync(dirname(path), { recursive: true, mode: options.dirMode ?? 0o700 });
  const fd = openForWriteSync(path, 'a+', options.fileMode ?? 0o600);
  try {
    const bytes = Buffer.from(options.endTornTail === true && endsInsideLine(fd) ? `\n${lines}` : lines, 'utf8');
    try {
      writeAllSync(fd, bytes, path);
    } catch (error) {
      takeBackPartialAppend(fd, bytes, (error as { bytesWritten?: number }).bytesWritten ?? 0);
      throw error;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes the `written` bytes a failed append left at the end of the file, when they are still
 * the last bytes there (nobody appended after them). When another writer did append after them,
 * cutting would take its lines too: the fragment is ended with a newline instead, so it stays
 * one damaged line (a diagnostic) and the other writer's lines stay whole. Best effort: this runs
 * while the original error is on its way up, and must not replace it.
 */
function takeBackPartialAppend(fd: number, bytes: Uint8Array, written: number): void {
  if (written <= 0) return;
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(written);
    const read = size >= written ? readSync(fd, tail, 0, written, size - written) : 0;
    if (read === written && tail.equals(bytes.subarray(0, written))) ftruncateSync(fd, size - written);
    else writeSync(fd, '\n');
  } catch {
    // The disk refuses even this: the next append's torn-tail repair ends the fragment.
  }
}

/** Whether the file open on `fd` (readable) ends in the middle of a line. */
function endsInsideLine(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return false;
  const byte = Buffer.alloc(1);
  readSync(fd, byte, 0, 1, size - 1);
  return byte[0] !== 0x0a;
}

/**
 * Ends a torn last line (a crash mid-write) with '\n' so the next append starts a line of
 * its own. The fragment is kept, not cut: it stays visible as a diagnostic, never glued to
 * new data. Returns true when it had to repair.
 */
export async function repairTornTail(path: string): Promise<boolean> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (size === 0) return false;
  const handle = await openRegular(path);
  let last: number | undefined;
  try {
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, size - 1);
    last = byte[0];
  } finally {
    await handle.close();
  }
  if (last === 0x0a) return false;
  await appendWholeLines(path, '\n');
  return true;
}
