import { DEFAULT_AUTOCOMPACT_SETTINGS } from '../projections/autocompactTrigger.js';
import { contextWindowInference, selectInferredWindow, type InferredWindow } from '../projections/contextWindowInference.js';
import { foldAll } from '../projections/projection.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { TriggerSettings } from './policySettings.js';

/**
 * The settings with the window the session must have run with (decision 113): when no window
 * was given and a response's input passed the default one, the smallest window Claude Code
 * offers that holds it. One more walk of `entries`, which must be readable again; a given
 * `contextWindow` always wins, and then nothing is read.
 */
export function withInferredWindow<S extends TriggerSettings>(
  entries: Iterable<LogEntry>,
  settings: S,
): { readonly settings: S; readonly inferred: InferredWindow | null } {
  if (settings.autocompact?.contextWindow !== undefined) return { settings, inferred: null };
  const inferred = selectInferredWindow(foldAll(contextWindowInference, entries), DEFAULT_AUTOCOMPACT_SETTINGS.contextWindow);
  if (inferred === null) return { settings, inferred };
  return { settings: { ...settings, autocompact: { ...settings.autocompact, contextWindow: inferred.window } }, inferred };
}

/** The one line a command prints when it inferred the window. */
export function describeInferredWindow(inferred: InferredWindow): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  return `the session's usage passed ${n(inferred.assumed)} tokens, so it ran with a ${n(inferred.window)}-token window; pass --context-window to set it`;
}
