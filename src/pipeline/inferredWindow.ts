import type { InferredWindow } from '../projections/contextWindowInference.js';
import type { TriggerSettings } from './policySettings.js';

/** The settings with the window the session's usage proved (decision 113); the same settings when it proved none. */
export function settingsWithWindow<S extends TriggerSettings>(settings: S, inferred: InferredWindow | null): S {
  if (inferred === null) return settings;
  return { ...settings, autocompact: { ...settings.autocompact, contextWindow: inferred.window } };
}

/** The one line a command prints when it inferred the window. */
export function describeInferredWindow(inferred: InferredWindow): string {
  const n = (value: number): string => value.toLocaleString('en-US');
  return `the session's usage passed ${n(inferred.assumed)} tokens, so it ran with a ${n(inferred.window)}-token window; pass --context-window to set it`;
}
