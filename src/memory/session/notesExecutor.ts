import type { ModelPort } from '../../model/port.js';
import type { RunResult } from '../../pipeline/effects.js';
import type { ApiMessage } from '../../resume/apiView.js';
import type { NotesConfig } from './notesConfig.js';
import { coveredUpTo, runNotesUpdate } from './notesRun.js';

export interface NotesExecutorOptions {
  readonly model: ModelPort;
  readonly notesPath: string;
  readonly config: NotesConfig;
  /** The conversation as it stands when a run starts: a trailing run sees the newest entries. */
  readonly snapshot: () => readonly ApiMessage[];
  readonly maxTurns?: number;
}

let counter = 0;

/**
 * Session-notes runs for the live effect runner (`runEffects`): each run takes the conversation
 * as it is when the run starts, and returns its outcome with the rename that applies it.
 */
export function sessionNotesExecutor(options: NotesExecutorOptions): (signal: AbortSignal) => Promise<RunResult> {
  return async (signal) => {
    const snapshot = options.snapshot();
    const result = await runNotesUpdate({
      model: options.model,
      notesPath: options.notesPath,
      config: options.config,
      conversation: snapshot.map(({ role, content }) => ({ role, content })),
      lastSummarizedMessageId: coveredUpTo(snapshot),
      runId: `live-${process.pid}-${++counter}`,
      signal,
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    });
    return { outcome: result.outcome, apply: result.apply };
  };
}
