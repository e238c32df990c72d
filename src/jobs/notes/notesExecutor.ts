import type { ModelPort } from '../../model/port.js';
import type { RunResult } from '../../pipeline/effects.js';
import type { ApiMessage } from '../../resume/apiView.js';
import type { NotesConfig } from '../../memory/session/notesConfig.js';
import { acquireProcessLock } from '../../fs/processLock.js';
import { notesLockPath, realNotesPath, runNotesUpdateOver } from './notesRun.js';

export interface NotesExecutorOptions {
  readonly model: ModelPort;
  readonly notesPath: string;
  readonly config: NotesConfig;
  /** The conversation as it stands when a run starts: a trailing run sees the newest entries. */
  readonly snapshot: () => readonly ApiMessage[];
  readonly maxTurns?: number;
}

/**
 * Session-notes runs for the live effect runner (`runEffects`): each run takes the conversation
 * as it is when the run starts, and returns its outcome with the rename that applies it.
 */
export function sessionNotesExecutor(options: NotesExecutorOptions): (signal: AbortSignal, runId: string) => Promise<RunResult> {
  return async (signal, runId) => {
    const snapshot = options.snapshot();
    // Every writer of the notes holds their lock while it works: that is how compaction tells a
    // run in flight from a marker a dead run left.
    const notesPath = await realNotesPath(options.notesPath);
    const release = acquireProcessLock(notesLockPath(notesPath), { holder: 'session notes run', target: options.notesPath });
    // An unsubscribed runner never applies: the lock goes with the run.
    signal.addEventListener('abort', release, { once: true });
    let result: Awaited<ReturnType<typeof runNotesUpdateOver>>;
    try {
      result = await runNotesUpdateOver(snapshot, {
        model: options.model,
        notesPath,
        config: options.config,
        runId,
        signal,
        ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      });
    } catch (error) {
      release();
      throw error;
    }
    // Held until the result is in place, so the marker never outlives the lock while it is live.
    const { apply } = result;
    return {
      outcome: result.outcome,
      apply: async () => {
        try {
          await apply();
        } finally {
          release();
        }
      },
    };
  };
}
