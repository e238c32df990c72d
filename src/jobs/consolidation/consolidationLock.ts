import { CONSOLIDATE_LOCK } from '../../memory/durable/memoryPaths.js';
import { closeSync, fstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { lutimes, rm } from '../../fs/faultableFs.js';
import { processAlive } from '../../fs/processLock.js';
import { openRegularSync } from '../../fs/regularFile.js';

/**
 * Claude Code 2.1.332's consolidation lock, shared so that memlog and Claude Code never
 * consolidate one directory at once: `<memory-dir>/.consolidate-lock`, its body the holder's
 * PID, its mtime the time of the last consolidation. A holder counts while its process lives
 * and the lock is under an hour old. The lock is never followed: a symbolic link, a named pipe or
 * anything else that is not a regular file there counts as no lock, and taking the lock replaces
 * it with a regular file (decision 65).
 */
export { CONSOLIDATE_LOCK } from '../../memory/durable/memoryPaths.js';
export const LOCK_STALE_MS = 60 * 60 * 1000;

export interface LockState {
  /** When the directory was last consolidated (the lock's mtime), or null when never. */
  readonly lastConsolidatedAt: Date | null;
  /** A live holder's PID, or null when nobody holds it. */
  readonly heldBy: number | null;
}

const lockPath = (memoryDir: string): string => join(memoryDir, CONSOLIDATE_LOCK);

/** The lock's time and pid, or null when there is no regular file there (never followed, never waited on). */
function stat(path: string): { readonly mtime: Date; readonly pid: number | null } | null {
  let fd: number;
  try {
    fd = openRegularSync(path, 'r', undefined, { follow: false });
  } catch {
    return null;
  }
  try {
    const mtime = fstatSync(fd).mtime;
    const pid = Number.parseInt(readFileSync(fd, 'utf8').trim(), 10);
    return { mtime, pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

export function readConsolidationLock(memoryDir: string, now: Date = new Date()): LockState {
  const lock = stat(lockPath(memoryDir));
  if (lock === null) return { lastConsolidatedAt: null, heldBy: null };
  const fresh = now.getTime() - lock.mtime.getTime() < LOCK_STALE_MS;
  const live = lock.pid !== null && lock.pid !== process.pid && fresh && processAlive(lock.pid);
  return { lastConsolidatedAt: lock.mtime, heldBy: live ? lock.pid : null };
}

export type LockAcquired =
  | { readonly ok: true; readonly previous: Date | null; readonly release: (succeeded: boolean) => Promise<void> }
  | { readonly ok: false; readonly reason: string };

/**
 * Takes the lock as Claude Code does: our PID is written, read back, and we hold it only if it
 * is still ours (two takers at once: the last writer wins, the other sees a stranger's PID and
 * backs off). The pid is written to a temp file renamed over the lock, so a link or a pipe there is
 * replaced, never written through. Writing sets the mtime to now, the start of this consolidation. `release(false)`
 * (a failure, or nothing done) puts the previous mtime back, or removes the lock when there was
 * none, so a failed run does not count as a consolidation. The PID goes in whole or not at all
 * (a temp file renamed over the lock): a write the disk refuses leaves the lock as it was, not
 * an empty one with a fresh mtime that would hold every consolidation off for a day (decision 63).
 */
export async function acquireConsolidationLock(memoryDir: string, now: Date = new Date()): Promise<LockAcquired> {
  const path = lockPath(memoryDir);
  const state = readConsolidationLock(memoryDir, now);
  if (state.heldBy !== null) return { ok: false, reason: `another consolidation (pid ${state.heldBy}) holds ${CONSOLIDATE_LOCK}` };
  const previous = state.lastConsolidatedAt;
  await atomicWrite(path, `${process.pid}\n`, 0o644);
  if (stat(path)?.pid !== process.pid) return { ok: false, reason: `another consolidation took ${CONSOLIDATE_LOCK} at the same moment` };
  let released = false;
  return {
    ok: true,
    previous,
    release: async (succeeded) => {
      if (released) return;
      released = true;
      if (succeeded || stat(path)?.pid !== process.pid) return;
      if (previous === null) await rm(path, { force: true });
      else await lutimes(path, previous, previous);
    },
  };
}
