/**
 * Preloaded into a CLI child (`runCli(args, { failFs })`): makes file-system calls on chosen
 * paths fail with a chosen errno, shaped as Node's own errors are (code, errno, syscall,
 * path). For failures a test cannot cause for real, such as EACCES when tests run as root
 * (root reads a chmod 000 file) or ENOSPC without a full disk.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { getSystemErrorMap } from 'node:util';
import { FAIL_FS_ENV } from './runCli.js';

export interface FsFault {
  /** The path, as the code under test names it or resolved from the child's cwd. */
  readonly path: string;
  readonly code: keyof typeof constants.errno;
  /**
   * A walk's looks fail too, as they do for a real permission: listing the folder, and `access` on
   * the file. Without it the walk passes the path and only reading it fails.
   */
  readonly atWalk?: boolean;
}

const faults = JSON.parse(process.env[FAIL_FS_ENV] ?? '[]') as FsFault[];

function fault(path: unknown, walk = false): FsFault | undefined {
  if (typeof path !== 'string') return undefined;
  return faults.find((f) => resolve(f.path) === resolve(path) && (!walk || f.atWalk === true));
}

function errnoError(f: FsFault, syscall: string, path: string, dest?: string): NodeJS.ErrnoException {
  const errno = -constants.errno[f.code];
  const description = getSystemErrorMap().get(errno)?.[1] ?? f.code;
  const where = dest === undefined ? `'${path}'` : `'${path}' -> '${dest}'`;
  return Object.assign(
    new Error(`${f.code}: ${description}, ${syscall} ${where}`),
    { code: f.code, errno, syscall, path },
    dest === undefined ? {} : { dest },
  );
}

type AnyFn = (...args: never[]) => unknown;

/** Wraps `holder[name]` so a call on a faulty path throws; a copy fails for its source or its target, named as Node names both. */
function patch(holder: Record<string, unknown>, name: string, syscall: string, async: boolean, copy = false, walk = false): void {
  const original = holder[name] as AnyFn;
  holder[name] = (...args: never[]) => {
    const f = fault(args[0], walk) ?? (copy ? fault(args[1]) : undefined);
    if (f === undefined) return original(...args);
    const error = errnoError(f, syscall, String(args[0]), copy ? String(args[1]) : undefined);
    if (async) return Promise.reject(error);
    throw error;
  };
}

if (faults.length > 0) {
  // The modules' CommonJS objects: their ESM namespaces are read-only views of them.
  const require = createRequire(import.meta.url);
  const sync = require('node:fs') as Record<string, unknown>;
  const promises = require('node:fs/promises') as Record<string, unknown>;
  patch(sync, 'openSync', 'open', false);
  patch(sync, 'readFileSync', 'open', false);
  patch(sync, 'copyFileSync', 'copyfile', false, true);
  // A walk's looks, for faults `atWalk`: a folder it may not list, a transcript it may not read.
  patch(sync, 'readdirSync', 'scandir', false, false, true);
  patch(sync, 'accessSync', 'access', false, false, true);
  patch(promises, 'open', 'open', true);
  patch(promises, 'readFile', 'open', true);
  patch(promises, 'copyFile', 'copyfile', true, true);
  // Every `import { open } from 'node:fs/promises'` sees the wrapped functions from here on.
  syncBuiltinESMExports();
}
