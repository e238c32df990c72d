/** Reasons people read for the file-system errors memlog meets, by errno code. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many symbolic links',
  EEXIST: 'already exists',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'file name too long',
  EXDEV: 'not on the same file system',
};

/** The errno code of an error from node:fs, or null for anything else. */
export function errnoCode(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : null;
}

/** One short reason for an error: the readable errno reason, or the error's own message. */
export function describeIoError(error: unknown): string {
  const code = errnoCode(error);
  if (code !== null) return REASONS[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether an error is the machine's, not the model's or the input's: the disk is full or
 * failing, a permission is missing. A run that meets one did not happen, and must run again.
 */
export function isEnvironmentFault(error: unknown): boolean {
  const code = errnoCode(error);
  return code !== null && ENVIRONMENT_CODES.has(code);
}

const ENVIRONMENT_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EACCES', 'EPERM', 'EROFS', 'EMFILE', 'ENFILE', 'EXDEV', 'EBUSY', 'ETXTBSY']);
