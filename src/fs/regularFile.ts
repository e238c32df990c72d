import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { MemlogError } from '../errors.js';

/**
 * The one way memlog opens a file: for its kind first. The open never waits (O_NONBLOCK: a named
 * pipe opened for reading would block until a writer came, one opened for writing until a reader
 * did), and what was opened is checked with fstat, so only a regular file is ever read or written.
 * With `follow: false` the last component must not be a symbolic link either (O_NOFOLLOW): for a
 * lock, a marker or a staging file, which memlog owns and must never write through (decision 65).
 */
export interface OpenOptions {
  /** Follow a symbolic link at the path (default true); false refuses one. */
  readonly follow?: boolean;
}

/** Flags as node spells them, the ones memlog uses. */
export type OpenFlag = 'r' | 'r+' | 'a' | 'a+' | 'w' | 'wx' | 'w+';

const C = fs.constants;
const FLAG_BITS: Readonly<Record<OpenFlag, number>> = {
  r: C.O_RDONLY,
  'r+': C.O_RDWR,
  a: C.O_WRONLY | C.O_CREAT | C.O_APPEND,
  'a+': C.O_RDWR | C.O_CREAT | C.O_APPEND,
  w: C.O_WRONLY | C.O_CREAT | C.O_TRUNC,
  wx: C.O_WRONLY | C.O_CREAT | C.O_EXCL,
  'w+': C.O_RDWR | C.O_CREAT | C.O_TRUNC,
};

/** The numeric flags for an open that cannot hang and, unless `follow`, cannot go through a link. */
export function guardedFlags(flag: OpenFlag, options: OpenOptions = {}): number {
  return FLAG_BITS[flag] | C.O_NONBLOCK | (options.follow === false ? C.O_NOFOLLOW : 0);
}

/** A path that is not a regular file where memlog needs one. */
export class NotRegularFileError extends MemlogError {
  /** What the path is ("a named pipe"). */
  readonly kind: string;
  constructor(path: string, kind: string) {
    super('io', `${path}: not a regular file (${kind})`, { path, kind });
    this.kind = kind;
  }
}

/** What a path is, in a few words, for NotRegularFileError. */
export function kindOf(stats: fs.Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The refusal an open ended with, when the path's kind is why: a link under O_NOFOLLOW (ELOOP),
 * a pipe with no reader or a socket (ENXIO). Any other error as it was.
 */
function refusal(path: string, error: unknown, options: OpenOptions): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  // Following links, ELOOP is a real loop ("too many symbolic links"), not a link refused (decision 107).
  if ((code !== 'ELOOP' || options.follow !== false) && code !== 'ENXIO') return error;
  try {
    const stats = fs.lstatSync(path);
    return stats.isFile() ? error : new NotRegularFileError(path, kindOf(stats));
  } catch {
    return error;
  }
}

/**
 * The error for an open that found something other than a regular file. A folder keeps the
 * errno error reading it always gave (EISDIR), which callers and messages already know.
 */
function wrongKind(path: string, stats: fs.Stats): Error {
  if (!stats.isDirectory()) return new NotRegularFileError(path, kindOf(stats));
  return Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR', syscall: 'read', path });
}

/** Closes `fd` and throws when it is not a regular file. */
function checkKindSync(fd: number, path: string): void {
  const stats = fs.fstatSync(fd);
  if (stats.isFile()) return;
  fs.closeSync(fd);
  throw wrongKind(path, stats);
}

/** Opens a regular file (see OpenOptions); anything else is a NotRegularFileError, and nothing waits. */
export function openRegularSync(path: string, flag: OpenFlag = 'r', mode?: number, options: OpenOptions = {}): number {
  let fd: number;
  try {
    fd = fs.openSync(path, guardedFlags(flag, options), mode);
  } catch (error) {
    throw refusal(path, error, options);
  }
  checkKindSync(fd, path);
  return fd;
}

/** The same, or null when nothing is there (ENOENT). */
export function openRegularOrNullSync(path: string, options: OpenOptions = {}): number | null {
  try {
    return openRegularSync(path, 'r', undefined, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The same, asynchronously. */
export async function openRegular(path: string, flag: OpenFlag = 'r', mode?: number, options: OpenOptions = {}): Promise<fsp.FileHandle> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, guardedFlags(flag, options), mode);
  } catch (error) {
    throw refusal(path, error, options);
  }
  const stats = await handle.stat();
  if (stats.isFile()) return handle;
  await handle.close();
  throw wrongKind(path, stats);
}

/** A regular file's bytes (see OpenOptions). */
export function readRegularFileSync(path: string, options?: OpenOptions): Buffer;
export function readRegularFileSync(path: string, encoding: 'utf8', options?: OpenOptions): string;
export function readRegularFileSync(path: string, second?: 'utf8' | OpenOptions, third?: OpenOptions): Buffer | string {
  const encoding = typeof second === 'string' ? second : undefined;
  const fd = openRegularSync(path, 'r', undefined, (typeof second === 'object' ? second : third) ?? {});
  try {
    return encoding === undefined ? fs.readFileSync(fd) : fs.readFileSync(fd, encoding);
  } finally {
    fs.closeSync(fd);
  }
}

/** The same, asynchronously. */
export async function readRegularFile(path: string, options?: OpenOptions): Promise<Buffer>;
export async function readRegularFile(path: string, encoding: 'utf8', options?: OpenOptions): Promise<string>;
export async function readRegularFile(path: string, second?: 'utf8' | OpenOptions, third?: OpenOptions): Promise<Buffer | string> {
  const encoding = typeof second === 'string' ? second : undefined;
  const handle = await openRegular(path, 'r', undefined, (typeof second === 'object' ? second : third) ?? {});
  try {
    return encoding === undefined ? await handle.readFile() : await handle.readFile(encoding);
  } finally {
    await handle.close();
  }
}

/** A regular file's text, or null when nothing is there (ENOENT); another kind is still refused. */
export async function readRegularTextOrNull(path: string, options?: OpenOptions): Promise<string | null> {
  try {
    return await readRegularFile(path, 'utf8', options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The same, synchronously. */
export function readRegularTextOrNullSync(path: string, options?: OpenOptions): string | null {
  try {
    return readRegularFileSync(path, 'utf8', options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
