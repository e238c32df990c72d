import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('Listo, revisé el proyecto.'), user(said)]).map((s) => s.type);

const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};
const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('the kinds of decision 104 said in Spanish and French', () => {
  kept('user', ['Uso Windows 11.', "J'utilise Neovim."]);
  kept('reference', ['Mi usuario de GitHub es jdoe.']);
  kept('project', ['Este es un proyecto personal.', 'El deploy se hace automáticamente al hacer merge a main.']);
  kept('feedback', ['Usamos pnpm, no npm.', 'Es importante que los tests pasen antes de publicar.']);
  notKept([
    'No funciona.',
    'No anda el login.',
    'Ça ne marche pas.',
    'Es importante arreglar esto hoy.',
    'Uso esto para probar.',
    'Mi usuario es incorrecto.',
  ]);
});
