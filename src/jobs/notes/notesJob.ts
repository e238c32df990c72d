import { defineEffectJob, type EffectJob } from '../../pipeline/effectJob.js';
import type { PacedInput } from '../../pipeline/pacedRuns.js';
import { NotesRunOutcome } from '../../pipeline/runOutcomes.js';
import type { ConversationWindow } from '../../resume/conversationWindow.js';
import { notesSteps } from './notesRecovery.js';
import { runNotesUpdateOver, type NotesRunOptions } from './notesRun.js';

/**
 * A session-notes update as the journal runs it (decision 91): the executor updates a staged copy
 * of the notes over the conversation as it stood at the run's decision; the apply step moves it in.
 */
export function notesJob(
  window: ConversationWindow,
  options: Omit<NotesRunOptions, 'conversation' | 'lastSummarizedMessageId' | 'runId'>,
): EffectJob<'session_notes', PacedInput> {
  return defineEffectJob({
    ...notesSteps(options.notesPath),
    outcome: NotesRunOutcome,
    execute: async ({ start }, runId) => (await runNotesUpdateOver(window.snapshot(start.seq), { ...options, runId })).outcome,
  });
}
