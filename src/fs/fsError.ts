import { lstatSync } from 'node:fs';
import { MemlogError } from '../errors.js';

/** What the user reads for each errno a file operation can end with; the others keep Node's own message. */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many symbolic links',
  EEXIST: 'already exists',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'file name too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EIO: 'input/output error',
  EBUSY: 'resource busy',
  ENXIO: 'no such device or address',
  EXDEV: 'cross-device link',
  ENOTEMPTY: 'directory not empty',
  ETXTBSY: 'text file busy',
};

/** An error a file-system call ended with: Node gives it a string `code` and the `syscall` it was. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException & { code: string; syscall: string } {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

/** The readable reason for an errno code ("ENOENT" → "no such file or directory"). */
export function fsErrorReason(code: string | undefined, fallback = 'input/output error'): string {
  return (code === undefined ? undefined : REASONS[code]) ?? fallback;
}

/**
 * One line for a failed file operation: `<path>: <reason>`; a copy or rename names both ends
 * (`<from> → <to>: <reason>`), as Node does not say which of them failed.
 */
export function describeFsError(error: NodeJS.ErrnoException): string {
  const dest = (error as { dest?: unknown }).dest;
  const where =
    error.path === undefined ? (error.syscall ?? 'file system') : typeof dest === 'string' ? `${error.path} → ${dest}` : error.path;
  return `${where}: ${error.path === undefined ? fsErrorReason(error.code, error.message) : fsErrorReasonAt(error.path, error.code, error.message)}`;
}

/** The reason for an errno at a path: a symbolic link that leads nowhere is "a link that points to nothing", not "no such file" (decision 107). */
export function fsErrorReasonAt(path: string, code: string | undefined, fallback?: string): string {
  if (code === 'ENOENT' && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true) return 'a link that points to nothing';
  return fsErrorReason(code, fallback);
}

/**
 * The one line for an error memlog raised or a file operation ended with, or undefined for
 * anything else: a bug, which keeps its stack.
 */
export function describeFailure(error: unknown): string | undefined {
  if (error instanceof MemlogError) return error.message;
  if (isFsError(error)) return describeFsError(error);
  return undefined;
}

/** Errnos that stop the read of one file while the others can still be read: no permission, a link loop, a folder. */
const ONE_FILE_CODES: ReadonlySet<string> = new Set(['EACCES', 'EPERM', 'ELOOP', 'EISDIR', 'ENOTDIR', 'ENXIO']);

/**
 * Why one file cannot be read ("permission denied"), or undefined when the error is not one that
 * concerns that file alone. A command over many files skips it, names it, and exits 1 (decision 107).
 */
export function unreadableReason(error: unknown): string | undefined {
  if (!isFsError(error) || !ONE_FILE_CODES.has(error.code)) return undefined;
  return fsErrorReason(error.code);
}

/**
 * Whether an error is the machine's, not the model's or the input's: the disk is full or
 * failing, a permission is missing. A run that meets one did not happen, and must run again.
 */
export function isEnvironmentFault(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && ENVIRONMENT_CODES.has(code);
}

const ENVIRONMENT_CODES: ReadonlySet<string> = new Set([
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EACCES',
  'EPERM',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'EXDEV',
  'EBUSY',
  'ETXTBSY',
]);

/**
 * A run stopped by the machine (a full or failing disk), or a finished run whose result could not
 * be put in place: nothing more should be done on that memory or those notes until a later run
 * has finished or redone it. One line for the user, the errno error as its cause.
 */
export class RunInterruptedError extends MemlogError {
  constructor(cause: unknown) {
    super('io', isFsError(cause) ? describeFsError(cause) : cause instanceof Error ? cause.message : String(cause), {}, { cause });
  }
}
