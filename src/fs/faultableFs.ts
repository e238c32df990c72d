import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { faultPoint, noSpaceError, writeAllowance } from './faultSeam.js';
import { openRegular, openRegularSync, type OpenFlag, type OpenOptions } from './regularFile.js';

/**
 * The changes memlog makes to the file system, each through one fault point (faultSeam.ts).
 * Source files import these instead of node:fs's own for anything that writes, renames, links
 * or removes; reads go through regularFile.ts. Same names and arguments as node:fs; every open
 * is regularFile.ts's, so nothing is ever written into a pipe, a device or (with `follow: false`)
 * through a symbolic link.
 */

export async function mkdir(path: string, options?: fs.MakeDirectoryOptions & { recursive: true }): Promise<string | undefined> {
  faultPoint('mkdir', path);
  return fsp.mkdir(path, options);
}

export function mkdirSync(path: string, options?: fs.MakeDirectoryOptions & { recursive: true }): string | undefined {
  faultPoint('mkdir', path);
  return fs.mkdirSync(path, options);
}

export async function rename(from: string, to: string): Promise<void> {
  faultPoint('rename', to);
  return fsp.rename(from, to);
}

export function renameSync(from: string, to: string): void {
  faultPoint('rename', to);
  fs.renameSync(from, to);
}

export async function rm(path: string, options?: fs.RmOptions): Promise<void> {
  faultPoint('rm', path);
  return fsp.rm(path, options);
}

export function rmSync(path: string, options?: fs.RmOptions): void {
  faultPoint('rm', path);
  fs.rmSync(path, options);
}

export async function link(existing: string, path: string): Promise<void> {
  faultPoint('link', path);
  return fsp.link(existing, path);
}

export function linkSync(existing: string, path: string): void {
  faultPoint('link', path);
  fs.linkSync(existing, path);
}

export async function copyFile(from: string, to: string, mode?: number): Promise<void> {
  faultPoint('copyFile', to);
  return fsp.copyFile(from, to, mode);
}

export function copyFileSync(from: string, to: string, mode?: number): void {
  faultPoint('copyFile', to);
  fs.copyFileSync(from, to, mode);
}

export async function utimes(path: string, atime: fs.TimeLike, mtime: fs.TimeLike): Promise<void> {
  faultPoint('utimes', path);
  return fsp.utimes(path, atime, mtime);
}

/** utimes on the path itself: a symbolic link there is changed, never the file it points to. */
export async function lutimes(path: string, atime: fs.TimeLike, mtime: fs.TimeLike): Promise<void> {
  faultPoint('utimes', path);
  return fsp.lutimes(path, atime, mtime);
}

export function utimesSync(path: string, atime: fs.TimeLike, mtime: fs.TimeLike): void {
  faultPoint('utimes', path);
  fs.utimesSync(path, atime, mtime);
}

/**
 * Writes a whole file through one descriptor, in as many write(2) calls as it takes. `flag` as
 * node's (`w`, `wx`). A write cut short leaves what it wrote: callers that must not leave a
 * partial file write to a temp file and rename (atomicWrite.ts).
 */
export async function writeFile(
  path: string,
  data: string | Uint8Array,
  options: { readonly flag?: OpenFlag; readonly mode?: number; readonly sync?: boolean; readonly follow?: boolean } = {},
): Promise<void> {
  faultPoint('open', path);
  const handle = await openRegular(path, options.flag ?? 'w', options.mode ?? 0o666, { follow: options.follow ?? true });
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await writeAllAsync(handle, bytes, path);
    if (options.sync === true) {
      faultPoint('fsync', path);
      await handle.sync().catch((error: unknown) => {
        throw naming(error, path);
      });
    }
  } finally {
    await handle.close();
  }
}

/**
 * Writes every byte at the descriptor's position (or its end, for O_APPEND), or throws an error
 * whose `bytesWritten` says how many went down before the failure (for the caller to undo).
 */
export async function writeAllAsync(handle: fsp.FileHandle, bytes: Uint8Array, path: string): Promise<void> {
  let written = 0;
  try {
    while (written < bytes.length) {
      const allowed = writeAllowance(path, bytes.length - written);
      if (allowed === 0) throw noSpaceError(path);
      const { bytesWritten } = await handle.write(bytes, written, allowed);
      written += bytesWritten;
    }
  } catch (error) {
    throw Object.assign(naming(error, path), { bytesWritten: written });
  }
}

/** The same for a synchronous descriptor. */
export function writeAllSync(fd: number, bytes: Uint8Array, path: string): void {
  let written = 0;
  try {
    while (written < bytes.length) {
      const allowed = writeAllowance(path, bytes.length - written);
      if (allowed === 0) throw noSpaceError(path);
      written += fs.writeSync(fd, bytes, written, allowed);
    }
  } catch (error) {
    throw Object.assign(naming(error, path), { bytesWritten: written });
  }
}

/**
 * The error of a call on a descriptor, with the path of the file it writes: Node names none
 * (`ENOSPC: no space left on device, write`), and the user must learn which file the disk refused.
 */
function naming(error: unknown, path: string): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const errno = error as NodeJS.ErrnoException;
  if (typeof errno.code === 'string' && errno.path === undefined) errno.path = path;
  return error;
}

export async function openForWrite(path: string, flags: OpenFlag, mode?: number, options?: OpenOptions): Promise<fsp.FileHandle> {
  faultPoint('open', path);
  return openRegular(path, flags, mode, options);
}

export function openForWriteSync(path: string, flags: OpenFlag, mode?: number, options?: OpenOptions): number {
  faultPoint('open', path);
  return openRegularSync(path, flags, mode, options);
}
