import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { liveLockOwner } from '../../fs/processLock.js';
import { isStagingFile, notesLockPath, realNotesPath } from './notesRun.js';

/** Spec §4.5: poll every second, treat a run older than a minute as stale, give up after 15 s. */
export const NOTES_WAIT = { pollMs: 1_000, staleMs: 60_000, timeoutMs: 15_000 } as const;

export interface WaitOptions {
  readonly pollMs?: number;
  readonly staleMs?: number;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** 'idle': no run in flight; 'finished': one was and ended; 'stale': the one in flight started too long ago; 'timeout': still running. */
export type WaitResult = 'idle' | 'finished' | 'stale' | 'timeout';

/**
 * When the newest notes run in flight (in this process or another) started, by its staging file;
 * null when none is. A staging file counts only while the notes lock is held by a live process:
 * every writer of the notes holds it, so a marker without a holder was left by a run that died
 * or met a full disk, and waiting for it would only burn the timeout.
 */
async function runInFlightSince(notesPathAsGiven: string): Promise<number | null> {
  const notesPath = await realNotesPath(notesPathAsGiven);
  if (liveLockOwner(notesLockPath(notesPath)) === null) return null;
  const dir = dirname(notesPath);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  let newest: number | null = null;
  for (const name of names.filter(isStagingFile)) {
    const started = await stat(join(dir, name)).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (started !== null && (newest === null || started > newest)) newest = started;
  }
  return newest;
}

/**
 * Waits for a session-notes run in flight before the notes are used (compaction), as Claude
 * Code does (spec §4.5). A run is in flight while its staging file exists.
 */
export async function waitForNotesRun(notesPath: string, options: WaitOptions = {}): Promise<WaitResult> {
  const { pollMs, staleMs, timeoutMs } = { ...NOTES_WAIT, ...options };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const start = now();
  let waited = false;
  for (;;) {
    const since = await runInFlightSince(notesPath);
    if (since === null) return waited ? 'finished' : 'idle';
    if (now() - since > staleMs) return 'stale';
    if (now() - start >= timeoutMs) return 'timeout';
    waited = true;
    await sleep(pollMs);
  }
}
