import type { ModelMessage } from '../../src/index.js';
import { findMemoryStatements } from '../../src/model/offline/index.js';

export const user = (content: string): ModelMessage => ({ role: 'user', content });

/** The statements the offline extractor keeps from one message the person sends alone. */
export const keptAlone = (said: string): string[] => findMemoryStatements([user(said)]).map((s) => s.text);
export const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/**
 * The statements the offline extractor keeps from one sentence the person says after a turn of ordinary work (a task,
 * the assistant's report of it) and before the assistant's acknowledgement: the sentence read as said mid-session.
 */
export const keptAfterAWorkTurn = (said: string): string[] =>
  findMemoryStatements([
    user('Add a rate limit to the upload route.'),
    assistant('I added a token bucket in front of the upload handler.'),
    user(said),
    assistant('Understood.'),
  ]).map((s) => s.text);
