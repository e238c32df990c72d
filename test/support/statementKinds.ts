import { expect, it } from 'vitest';
import type { ModelMessage } from '../../src/index.js';
import { findMemoryStatements } from '../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
export const types = (said: string) => findMemoryStatements([assistant('I looked at the project layout.'), user(said)]).map((s) => s.type);

/** A test per sentence: each is kept as one memory of this type. */
export const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};

/** A test per sentence: none is kept. */
export const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};
