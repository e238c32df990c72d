import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('I updated the component.'), user(said)]).map((s) => s.type);

// Sentences written for these tests, per kind of statement (decision 93), none taken from a corpus.
describe('a step owed before or after another is a way of working (decision 93)', () => {
  for (const said of [
    'We need to test everything locally before publishing.',
    'You have to rebuild the catalogue after merging a component.',
    'Tenemos que probar todo en local antes de publicar.',
    'Hay que correr los tests antes de hacer push.',
    'Il faut lancer les tests avant de pousser.',
    'We should bump the changelog before releasing.',
    'Antes de hacer commit, corre el linter.',
    'Cada vez que cambies un componente, regenera el catálogo.',
  ])
    it(said, () => expect(types(said)).toEqual(['feedback']));

  for (const said of [
    'We need to fix the login before the demo.',
    'Tenemos que arreglar el botón de login.',
    'I need to check something before continuing.',
    'Hay que ver por qué falla antes de seguir?',
    'We need to migrate the users table before launching the beta.',
    'Cuando tengas tiempo, revisa el PR de login.',
    'Antes de terminar, dime qué cambiaste.',
  ])
    it(`not: ${said}`, () => expect(types(said)).toEqual([]));
});

describe('conventions and wishes said in Spanish and French (decision 93)', () => {
  for (const said of [
    'No quiero que agregues comentarios en el código.',
    'Je ne veux pas de commentaires dans le code.',
    'Los componentes van en src/components.',
  ])
    it(said, () => expect(types(said)).toEqual(['feedback']));

  it('a wish for work now stays a task', () => expect(types('Quiero que agregues un botón de logout.')).toEqual([]));
});

describe('where things run, said in Spanish (decision 93)', () => {
  for (const said of ['La web está en Cloudflare Pages.', 'El backend está alojado en Railway.'])
    it(said, () => expect(types(said)).toEqual(['project']));
  it('not a symptom', () => expect(types('La web está lenta en Safari.')).toEqual([]));
});

describe('the person’s own setup, said with what follows from it (decision 93)', () => {
  it('is about the person', () => expect(types("I'm using a Mac M1, so the binary won't run here.")).toEqual(['user']));
  it('what the person is doing at the moment is not', () => {
    expect(types("I'm running the migration, so hold off on deploys.")).toEqual([]);
    expect(types("I'm on the train, so keep your answers short.")).toEqual([]);
  });
});

// Sentences written for these tests (decision 93, amended).
describe('a step of the routine, said after "when", "whenever", "every time" (decision 93, amended)', () => {
  const kept = (said: string) => findMemoryStatements([assistant('I updated the component.'), user(said)]).map((s) => s.text);

  for (const said of [
    'We update the changelog when we do a release.',
    'Bump the version every time you publish.',
    'Run the e2e suite whenever you merge to main.',
  ])
    it(said, () => expect(types(said)).toEqual(['feedback']));

  it('put as a suggestion, alone or after a request, it is the way of working proposed', () => {
    expect(kept('maybe we regenerate the docs whenever we cut a release?')).toEqual(['We regenerate the docs whenever we cut a release.']);
    expect(kept('please squash the fixups, also maybe we tag the commit when we publish?')).toEqual(['We tag the commit when we publish.']);
  });

  for (const said of [
    'Update the changelog when we do the release.',
    'We updated the changelog when we released.',
    'Should we update the changelog when we release?',
    'The docs broke when we released.',
  ])
    it(`not: ${said}`, () => expect(types(said)).toEqual([]));
});
