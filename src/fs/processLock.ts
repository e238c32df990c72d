import { randomBytes } from 'node:crypto';
import { closeSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MemlogError } from '../errors.js';
import { mkdirSync, openForWriteSync, renameSync, rmSync, writeAllSync } from './faultableFs.js';

/**
 * One process at a time on a target (a memory directory, a session's notes, a transcript being
 * compacted), across processes: a lock file holding the owner's pid, created exclusively. A lock
 * whose process is gone is taken over, and the takeover is atomic: it happens under a short-lived
 * guard file, re-reads the lock there, and replaces it by rename, so of two processes that both
 * find the same stale lock exactly one gets it.
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

/** A guard older than this was left by a process that died inside the few microseconds it is held. */
const STALE_GUARD_MS = 10_000;

/** Takes the lock or throws a MemlogError naming the live owner. Returns the release. */
export function acquireProcessLock(lockPath: string, options: LockOptions): () => void {
  mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(lockPath, mine)) return releaseOf(lockPath, mine);
    const owner = ownerOf(lockPath);
    if (owner !== null && isLive(lockPath, owner)) throw busy(lockPath, owner, options);
    if (takeOverStale(lockPath, mine)) return releaseOf(lockPath, mine);
  }
  throw new MemlogError('io', `could not lock ${options.target}: another process keeps taking ${lockPath}`);
}

function busy(lockPath: string, owner: number, options: LockOptions): MemlogError {
  return new MemlogError('io', `another ${options.holder} (pid ${owner}) is working on ${options.target}; wait for it, or remove ${lockPath} if that process is gone`, { lockPath, owner });
}

/** Creates the file with this content only if it does not exist. */
function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openForWriteSync(path, 'wx', 0o600);
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
    const owner = Number(readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(owner) && owner > 0 ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Replaces a stale lock with ours, under the guard: re-read there, the lock is taken only when
 * it is still stale (nobody took it over between our look and the guard).
 */
function takeOverStale(lockPath: string, mine: string): boolean {
  const guard = `${lockPath}.takeover`;
  if (!createExclusive(guard, mine)) {
    if (!guardIsStale(guard)) return false;
    rmSync(guard, { force: true });
    if (!createExclusive(guard, mine)) return false;
  }
  try {
    const owner = ownerOf(lockPath);
    if (owner !== null && isLive(lockPath, owner)) return false;
    const temp = join(dirname(lockPath), `.${basename(lockPath)}.${randomBytes(6).toString('hex')}.tmp`);
    if (!createExclusive(temp, mine)) return false;
    renameSync(temp, lockPath);
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

function guardIsStale(guard: string): boolean {
  try {
    return Date.now() - statSync(guard).mtimeMs > STALE_GUARD_MS && !processAlive(ownerOf(guard) ?? 0);
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
      if (readFileSync(lockPath, 'utf8').trim() === mine) rmSync(lockPath, { force: true });
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
