import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MemlogError } from '../errors.js';
import { mkdirSync, openForWriteSync, renameSync, rmSync, writeAllSync } from './faultableFs.js';
import { NotRegularFileError, openRegularSync, readRegularFileSync } from './regularFile.js';

/**
 * One process at a time on a target (a memory directory, a session's notes, a transcript being
 * compacted), across processes: a lock file holding the owner's pid, created exclusively. A lock
 * whose process is gone is taken over, and the takeover is atomic: it happens under a short-lived
 * guard file, re-reads the lock there, and replaces it by rename, so of two processes that both
 * find the same stale lock exactly one gets it. A lock file is never followed nor waited on: a
 * symbolic link or a named pipe at its path holds no pid, and is replaced like a stale lock.
 */
export interface LockOptions {
  /** What is locked, for the message another process gets ("memlog notes", …). */
  readonly holder: string;
  /** The target, as shown in that message. */
  readonly target: string;
}

/**
 * The locks this process holds now. A lock file naming this process that is not here was left
 * by a release the disk refused: stale, like a dead process's (a long-lived process using the
 * library would otherwise lock itself out for good).
 */
const heldHere = new Set<string>();

/**
 * A guard, or a lock with no pid in it yet, older than this was left by a process that died in
 * the few microseconds between creating the file and writing its pid; younger, its creator is
 * writing the pid now.
 */
const STALE_UNFINISHED_MS = 10_000;
/** How long a lock is waited for while someone else is in the middle of taking it (microseconds, unless the machine is busy). */
const TAKING_WAIT_MS = 5_000;

/** Takes the lock or throws a MemlogError naming the live owner. Returns the release. */
export function acquireProcessLock(lockPath: string, options: LockOptions): () => void {
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
  const mine = String(process.pid);
  const deadline = Date.now() + TAKING_WAIT_MS;
  for (;;) {
    if (createExclusive(lockPath, mine)) return releaseOf(lockPath, mine);
    const found = lockState(lockPath);
    if (found.state === 'live') throw busy(lockPath, found.owner, options);
    // Taken over only when stale: a lock being created (no pid yet) or released meanwhile is
    // not, and a takeover someone else is making is waited for.
    if (found.state === 'stale' && takeOverStale(lockPath, mine)) return releaseOf(lockPath, mine);
    if (Date.now() > deadline)
      throw new MemlogError(
        'io',
        `could not lock ${options.target}: another process is taking ${lockPath}; try again, or remove it if no memlog is running`,
        { lockPath },
      );
    pause(1);
  }
}

/** Blocks this thread for a moment (the lock is taken synchronously). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock a live process holds: its work on the target is under way elsewhere. */
export class LockHeldError extends MemlogError {
  constructor(
    lockPath: string,
    readonly owner: number,
    options: LockOptions,
  ) {
    super(
      'io',
      `another ${options.holder} (pid ${owner}) is working on ${options.target}; wait for it, or remove ${lockPath} if that process is gone`,
      { lockPath, owner },
    );
  }
}

function busy(lockPath: string, owner: number, options: LockOptions): MemlogError {
  return new LockHeldError(lockPath, owner, options);
}

/** Creates the file with this content only if it does not exist. */
function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openForWriteSync(path, 'wx', 0o600, { follow: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  let written = false;
  try {
    writeAllSync(fd, Buffer.from(content), path);
    written = true;
  } finally {
    closeSync(fd);
    // A lock without its pid would read as stale to everyone: never leave one.
    if (!written) rmSync(path, { force: true });
  }
  return true;
}

/** The pid a lock file names; null when it names none (empty, cut short, gone). */
function ownerOf(lockPath: string): number | null {
  try {
    return pidIn(readRegularFileSync(lockPath, 'utf8', { follow: false }));
  } catch {
    return null;
  }
}

function pidIn(text: string): number | null {
  const owner = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(owner) && owner > 0 ? owner : null;
}

type LockState =
  | { readonly state: 'live'; readonly owner: number }
  | { readonly state: 'stale' }
  | { readonly state: 'gone' }
  | { readonly state: 'unfinished' };

/**
 * What a lock file says: held by a live process; stale (its process is gone, or it names none
 * and is old); gone (released meanwhile: create it again); or unfinished (it names no pid yet:
 * its creator is between creating it and writing the pid).
 */
function lockState(lockPath: string): LockState {
  let text: string;
  let modified: number;
  try {
    const fd = openRegularSync(lockPath, 'r', undefined, { follow: false });
    try {
      modified = fstatSync(fd).mtimeMs;
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'gone' };
    // A link or a pipe names no process, and nobody is writing a pid into it: stale at once.
    if (error instanceof NotRegularFileError) return { state: 'stale' };
    throw error;
  }
  const owner = pidIn(text);
  if (owner === null) return Date.now() - modified > STALE_UNFINISHED_MS ? { state: 'stale' } : { state: 'unfinished' };
  return isLive(lockPath, owner) ? { state: 'live', owner } : { state: 'stale' };
}

/**
 * Replaces a stale lock with ours, under the guard: re-read there, the lock is taken only when
 * it is still stale (nobody took it over between our look and the guard, nobody released it and
 * created it afresh). False when it is not, or when another process holds the guard.
 */
function takeOverStale(lockPath: string, mine: string): boolean {
  const guard = `${lockPath}.takeover`;
  if (!createExclusive(guard, mine)) {
    if (!guardIsStale(guard)) return false;
    rmSync(guard, { force: true });
    if (!createExclusive(guard, mine)) return false;
  }
  try {
    if (lockState(lockPath).state !== 'stale') return false;
    const temp = join(dirname(lockPath), `.${basename(lockPath)}.${randomBytes(6).toString('hex')}.tmp`);
    if (!createExclusive(temp, mine)) return false;
    try {
      renameSync(temp, lockPath);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

function guardIsStale(guard: string): boolean {
  try {
    return Date.now() - lstatSync(guard).mtimeMs > STALE_UNFINISHED_MS && !processAlive(ownerOf(guard) ?? 0);
  } catch {
    return false;
  }
}

/** The pid of the live process that holds a lock, or null when nobody does (no lock, or a stale one). */
export function liveLockOwner(lockPath: string): number | null {
  const owner = ownerOf(lockPath);
  return owner !== null && isLive(lockPath, owner) ? owner : null;
}

/** Whether the process a lock names still holds it. */
function isLive(lockPath: string, owner: number): boolean {
  if (owner === process.pid) return heldHere.has(lockPath);
  return processAlive(owner);
}

/** Removes the lock only while it is still ours (a stale-lock takeover elsewhere is never undone). */
function releaseOf(lockPath: string, mine: string): () => void {
  heldHere.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    try {
      if (readRegularFileSync(lockPath, 'utf8', { follow: false }).trim() === mine) rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

export function processAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
