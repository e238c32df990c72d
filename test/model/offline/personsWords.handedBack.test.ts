import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { draftCandidates } from '../../../src/model/offline/candidatesDraft.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { personsWords } from '../../../src/model/offline/personsWords.js';
import type { ChunkMessage } from '../../../src/model/port.js';

// Text in a person's message that someone else wrote (decision 101). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('I looked at the module.'), user(said)]).map((s) => s.text);

/** A plan the assistant wrote, as Claude Code hands it back when the person accepts it and clears the context. */
const handedBackPlan = [
  'Implement the following plan:',
  '',
  '# Plan: Cache the avatar thumbnails',
  '',
  '## Steps',
  '1. Always resize avatars to 128px before storing them.',
  '2. We prefer WebP over PNG for thumbnails.',
  '',
  '## Verification',
  '- Run `make test` - existing tests should pass',
  '- Manual test: open the profile page - should show the small avatar',
  '- Should see "cached" in the log instead of "miss"',
  '',
  '',
  'If you need specific details from before exiting plan mode (like exact code snippets, error messages, or content you generated), read the full transcript at: ~/.claude/projects/p/0000.jsonl',
].join('\n');

describe('a plan handed back as a prompt is not the person’s words', () => {
  it('along the per-turn path: none of the plan, its test plan or the harness paragraph is kept', () => {
    expect(keptOf(handedBackPlan)).toEqual([]);
  });

  it('along the backfill path: a chunk message holding the plan gives no candidate', () => {
    const messages: ChunkMessage[] = [
      { uuid: 'a1', role: 'assistant', human: false, text: 'Plan ready.' },
      { uuid: 'u1', role: 'user', human: true, text: handedBackPlan, texts: [handedBackPlan] },
    ];
    expect(draftCandidates({ kind: 'find_candidates', messages, known: [] }).candidates).toEqual([]);
  });

  it('the person’s next message is read as before', () => {
    const said = findMemoryStatements([user(handedBackPlan), assistant('Done.'), user('Always run the linter before you push.')]);
    expect(said.map((s) => s.text)).toEqual(['Always run the linter before you push.']);
  });

  it('a message that only mentions a plan is the person’s', () => {
    expect(keptOf('We always write a plan before big refactors.')).toEqual(['We always write a plan before big refactors.']);
  });
});

describe('a pasted review runs on until the person speaks again', () => {
  it('a review announced by the person, with its title, severity line and body, is not their words', () => {
    const said = [
      'can you check this, a reviewer left this comment:',
      '',
      'Cache key ignores the locale',
      '',
      'Medium Severity',
      '',
      'The thumbnail cache key is built from the user id only. Every locale must get its own key, so the rendered captions never leak across languages.',
    ].join('\n');
    expect(keptOf(said)).toEqual([]);
  });

  it('the person’s own words after the review are read', () => {
    const said = [
      'a reviewer left this comment:',
      '',
      'Cache key ignores the locale',
      '',
      'The thumbnail cache key is built from the user id only. It should always include the locale.',
      '',
      'I agree with it. We always include the locale in cache keys.',
    ].join('\n');
    // "I agree with it" answers the review: the memory is the rule after it (decision 68).
    expect(keptOf(said)).toEqual(['We always include the locale in cache keys.']);
  });
});

describe('only someone else’s words run on after their announcement', () => {
  it('after a pasted error, the person’s plain order is theirs', () => {
    const said = "Here's the error:\n\nTypeError: cannot read properties of undefined\n\nUse pnpm, not npm, in this repo.";
    expect(keptOf(said)).toEqual(['Use pnpm, not npm, in this repo.']);
  });

  it('a person announcing their own notes keeps them', () => {
    const notes = 'Use snake_case for database columns.\n\nKeep functions under 50 lines.\n\nTests go next to the code they test.';
    expect(personsWords(`A few comments:\n\n${notes}`)).toBe(notes);
    // Three rules about three things are three memories (decision 68, amended by review 19).
    expect(keptOf(`A few comments:\n\n${notes}`)).toEqual(notes.split('\n\n'));
    const review = 'Prefer composition over inheritance in this codebase.\n\nNo default exports.';
    expect(personsWords(`My review of the PR:\n\n${review}`)).toBe(review);
    expect(keptOf(`My review of the PR:\n\n${review}`).join(' ')).toBe(review.replace('\n\n', ' '));
    const suggestions = 'Prefer small commits.\n\nUse conventional commit messages.';
    expect(keptOf(`A few suggestions:\n\n${suggestions}`).join(' ')).toBe(suggestions.replace('\n\n', ' '));
  });

  it('"left" or "sent" alone announce no paste', () => {
    expect(keptOf('Things I left out of the PR on purpose:\n\nWe never deploy on Fridays.')).toEqual(['We never deploy on Fridays.']);
  });

  it('a paragraph opening with an order ends a pasted review', () => {
    const said = [
      'I got this feedback from a teammate:',
      '',
      'The cache key ignores the locale.',
      '',
      'Use pnpm, not npm, in this repo.',
    ].join('\n');
    expect(keptOf(said)).toEqual(['Use pnpm, not npm, in this repo.']);
  });
});

describe('a plan the person typed is theirs', () => {
  it('without Claude Code’s closing paragraph, "Implement the following plan:" opens the person’s own plan', () => {
    const said = 'Implement the following plan:\n1. Add the cache.\n2. Always use pnpm, never npm, in this repo.\n3. Write tests.';
    expect(keptOf(said).join(' ')).toContain('Always use pnpm, never npm, in this repo.');
  });
});

describe('a paste ends where the person speaks again in another language', () => {
  it('a lasting word in Spanish after an English review', () => {
    const said = 'I got this feedback:\n\nThe cache key ignores the locale.\n\nNunca uses npm aquí, solo pnpm.';
    expect(keptOf(said)).toEqual(['Nunca uses npm aquí, solo pnpm.']);
  });

  it('after a pasted error', () => {
    expect(keptOf("Here's the error:\n\nTypeError: x is undefined\n\nUsa siempre pnpm en este proyecto.")).toEqual([
      'Usa siempre pnpm en este proyecto.',
    ]);
  });

  it('a review announced in German', () => {
    const said =
      'Ich habe dieses Feedback bekommen:\n\nDer Cache-Schlüssel ignoriert die Sprache.\n\nVerwende immer pnpm in diesem Projekt.';
    expect(keptOf(said)).toEqual(['Verwende immer pnpm in diesem Projekt.']);
  });
});

describe('more ends and starts of someone else’s words', () => {
  it('a reviewer announced in Spanish', () => {
    const said = 'Un revisor dejó este comentario:\n\nLa clave de caché ignora el idioma.\n\nSiempre usa pnpm en este proyecto.';
    expect(keptOf(said)).toEqual(['Siempre usa pnpm en este proyecto.']);
  });

  it('the person asking for work on the review ends it', () => {
    const said =
      'a reviewer left this comment:\n\nCache key ignores the locale\n\nThe key should include the locale.\n\nFix it. Always put tests next to the module.';
    expect(keptOf(said).join(' ')).toContain('Always put tests next to the module.');
  });
});

describe('a pasted review runs on while its language does, and ends where the language changes', () => {
  const review = 'I got this feedback:\n\nThe cache key ignores the locale.\n\n';

  it('the person’s own Spanish, French or German paragraph after an English review is theirs', () => {
    expect(keptOf(`${review}Preferimos tabs en lugar de espacios.`)).toEqual(['Preferimos tabs en lugar de espacios.']);
    expect(keptOf(`${review}On utilise pnpm dans ce projet.`)).toEqual(['On utilise pnpm dans ce projet.']);
    expect(personsWords(`${review}Wir verwenden pnpm in diesem Projekt.`)).toBe('Wir verwenden pnpm in diesem Projekt.');
  });

  it('a review pasted in Spanish, French or German stays pasted, lasting words and all', () => {
    const pasted = [
      'Un revisor dejó este comentario:\n\nLa clave de caché ignora el idioma.\n\nLa clave siempre debe incluir el idioma.',
      "J'ai reçu ce retour d'un relecteur :\n\nLa clé du cache ignore la langue.\n\nLa clé doit toujours inclure la langue.",
      'Ich habe dieses Feedback bekommen:\n\nDer Cache-Schlüssel ignoriert die Sprache.\n\nDer Schlüssel muss immer die Sprache enthalten.',
    ];
    for (const said of pasted) expect(personsWords(said)).toBe('');
  });

  it('an English review announced in Spanish stays pasted until the person speaks Spanish again', () => {
    const said = 'Un revisor dejó este comentario:\n\nThe cache key ignores the locale.\n\nEvery locale must get its own key.';
    expect(personsWords(said)).toBe('');
    expect(keptOf(`${said}\n\nPreferimos tabs en lugar de espacios.`)).toEqual(['Preferimos tabs en lugar de espacios.']);
  });

  it('one stray word of another language does not end an English review', () => {
    const announced = 'I got this feedback from a reviewer:\n\n';
    const rule = 'Labels should always be clamped to 20 characters in every chart.';
    expect(keptOf(`${announced}Y-axis label overflow\n\n${rule}`)).toEqual([]);
    expect(keptOf(`${announced}The parser is fragile.\n\nSee le_parser and de_serialize.\n\n${rule}`)).toEqual([]);
    expect(keptOf(`${announced}The label is "Die Datei ist zu groß", which is wrong.\n\n${rule}`)).toEqual([]);
  });

  it('the person’s Spanish request after a Spanish review is theirs', () => {
    const said = 'Recibí estos comentarios de un revisor:\n\nLa función debe validar la entrada.\n\nPor favor, siempre usa pnpm aquí.';
    expect(keptOf(said)).toEqual(['Por favor, siempre usa pnpm aquí.']);
    const german = 'Ich habe dieses Feedback bekommen:\n\nDer Schlüssel muss die Sprache enthalten.\n\nPnpm hier immer, bitte.';
    expect(personsWords(german)).toBe('Pnpm hier immer, bitte.');
    const french = "J'ai reçu ce retour :\n\nLa clé doit inclure la langue.\n\nToujours pnpm ici, s'il vous plaît.";
    expect(personsWords(french)).toBe("Toujours pnpm ici, s'il vous plaît.");
  });
});
