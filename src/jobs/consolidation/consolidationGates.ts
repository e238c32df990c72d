import { existsSync, readdirSync } from 'node:fs';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import type { LockState } from './consolidationLock.js';
import { sessionFiles, type SessionFile } from './sessionFiles.js';
import { DEFAULT_MIN_HOURS, DEFAULT_MIN_SESSIONS } from './gateDefaults.js';

export { DEFAULT_MIN_HOURS, DEFAULT_MIN_SESSIONS };

/** A session transcript of the project and when it was last written. */
export type ProjectSession = SessionFile;

/**
 * The project's sessions touched since `since` (all of them when null), oldest first: memlog's
 * own logs beside them (a consolidation's among them) are not sessions.
 */
export function sessionsSince(sessionsDir: string, since: Date | null): ProjectSession[] {
  return sessionFiles(sessionsDir)
    .filter((s) => since === null || s.modified > since)
    .sort((a, b) => a.modified.getTime() - b.modified.getTime() || a.id.localeCompare(b.id));
}

const hasSessions = (sessionsDir: string): boolean => existsSync(sessionsDir) && readdirSync(sessionsDir).some(isSessionFileName);
const hours = (ms: number): string => `${Math.floor(ms / 3_600_000)} h`;

export interface GateOptions {
  readonly sessionsDir: string;
  readonly force?: boolean;
  readonly minHours?: number;
  readonly minSessions?: number;
}

/** Why the gates hold a consolidation back now, or null when it may run. */
export function gateReason(options: GateOptions, lock: LockState, now: Date): string | null {
  if (lock.heldBy !== null) return `another consolidation (pid ${lock.heldBy}) is running`;
  if (options.force === true || lock.lastConsolidatedAt === null) return null;
  const minHours = options.minHours ?? DEFAULT_MIN_HOURS;
  const since = now.getTime() - lock.lastConsolidatedAt.getTime();
  if (since < minHours * 3_600_000) return `consolidated ${hours(since)} ago; it runs every ${minHours} h (--force to run now)`;
  // A directory with no sessions beside it has nothing to count: the time gate alone holds.
  if (!hasSessions(options.sessionsDir)) return null;
  const sessions = sessionsSince(options.sessionsDir, lock.lastConsolidatedAt).length;
  const minSessions = options.minSessions ?? DEFAULT_MIN_SESSIONS;
  if (sessions < minSessions)
    return `${sessions} session${sessions === 1 ? '' : 's'} since the last consolidation; it waits for ${minSessions} (--force to run now)`;
  return null;
}
