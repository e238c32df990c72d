import type { AssistantEntry } from './chainSchema.js';

/** The model name Claude Code writes on assistant messages it makes itself (spec §1.3, §1.5). */
export const SYNTHETIC_MODEL = '<synthetic>';

/**
 * An assistant entry Claude Code made itself rather than received from the API, such as an API
 * error shown as a reply or "No response requested." after a trailing prompt.
 */
export function isSynthetic(entry: AssistantEntry): boolean {
  return entry.message.model === SYNTHETIC_MODEL;
}

/**
 * A response the model really sent: not made locally, not an API error. Only these carry real
 * usage, start a request, and run Claude Code's post-sampling hooks.
 */
export function isModelResponse(entry: AssistantEntry): boolean {
  return entry.message.model !== SYNTHETIC_MODEL && entry.isApiErrorMessage !== true;
}

/**
 * An API error Claude Code showed as an assistant reply. Only these are left out of the request
 * a resume sends (spec §6.2 step 3); other synthetic replies are sent.
 */
export function isSyntheticApiError(entry: AssistantEntry): boolean {
  return entry.isApiErrorMessage === true && entry.message.model === SYNTHETIC_MODEL;
}
