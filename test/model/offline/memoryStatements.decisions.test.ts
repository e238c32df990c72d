import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The types of what one message, said after an ordinary assistant turn, is kept as. */
const types = (said: string) => findMemoryStatements([assistant('I updated the component.'), user(said)]).map((s) => s.type);

const kept = (type: string, sentences: readonly string[]) => {
  for (const said of sentences) it(said, () => expect(types(said)).toEqual([type]));
};
const notKept = (sentences: readonly string[]) => {
  for (const said of sentences) it(`not: ${said}`, () => expect(types(said)).toEqual([]));
};

// Sentences written for these tests, per kind of statement (decision 97), none taken from a corpus.
describe('a choice among tools or ways is a decision (decision 97)', () => {
  kept('project', [
    "Let's go with SQLite, since it's a single-user app.",
    "We'll use Zod for validation because we already depend on it.",
    "Okay, let's switch to Vitest.",
    'I decided to drop Python 3.8 support.',
  ]);
  kept('feedback', ["Let's not use Redux, context is enough for an app this size.", "We'll avoid ORMs in this service."]);
  notKept([
    "Let's go with the second option.",
    "Let's use it.",
    "Let's use SQLite for now.",
    "I'll use the CLI to check the logs.",
    "Let's try Redis first.",
    "Let's use this one.",
  ]);
});

describe('what is enough is a decision, hedged or not (decision 97)', () => {
  kept('project', ['Local storage is good enough for this.', 'A single JSON file might be good enough.', 'REST is fine for us.']);
  notKept(['This is good enough.', 'The output is good enough for now.', 'That might be enough.', 'Is polling good enough?']);
});

describe('what is out of scope is a decision (decision 97)', () => {
  kept('project', [
    'Dark mode is not a priority.',
    "We don't need authentication on the admin page, it sits behind the VPN.",
    "We're not going to support Windows.",
  ]);
  notKept(["We don't need this.", 'This is not a priority right now.', "We don't need the tests for now."]);
});

describe('a lasting requirement is a decision (decision 97)', () => {
  kept('project', [
    'It needs to work on Windows too.',
    'The CLI must run without network access.',
    'I do want to support several workspaces.',
    "Make it work offline, that's a hard requirement.",
  ]);
  notKept(['It should work now.', 'It needs to work after the restart.', 'It should run the migration.', 'The page must load.']);
});

describe('a prohibition said with a modal is a rule (decision 97)', () => {
  kept('feedback', [
    'You must not push to main.',
    "We shouldn't depend on lodash.",
    "You shouldn't edit the lockfile by hand.",
    'Try not to add new dependencies.',
    'Make sure you never log tokens.',
  ]);
  notKept(["You shouldn't have deleted that.", "You shouldn't see the warning now.", "You shouldn't get an error."]);
});

describe('an order over a kind of thing is a convention (decision 97)', () => {
  kept('feedback', [
    'Put new components under src/ui.',
    'Write commit messages in the imperative mood.',
    'Name branches after the ticket number.',
  ]);
  notKept(['Put the new function in utils.ts.', 'Write the summary in a markdown file.', 'Put them in the other folder.']);
});

describe('typed as people type (decision 97)', () => {
  kept('feedback', ['i dont want any new deps without asking me first', "wait, don't commit the .env file ever"]);
  kept('user', ['[dictated with voice input, sorry for typos]']);
  kept('feedback', ["Let's keep the CLI dependency-free.", "We're a Python shop, keep everything in Python."]);
  kept('feedback', ["I'd like every error message to say how to fix it."]);
});

describe("a dictation tool's marker is no one's words, and the sentences it is tagged on are read as they are (decision 68, amended)", () => {
  it('keeps nothing of the marker, nor of the sentences before it that are no memory', () => {
    const said = 'Let me think about it. Or we could move the cache to a new module. [dictated with voice input]';
    expect(findMemoryStatements([assistant('I updated the component.'), user(said)])).toEqual([]);
  });
});

describe('the same kinds in Spanish and French (decision 97)', () => {
  kept('project', [
    'La idea es publicar los paquetes en npm y probar en otra máquina.',
    'Usemos Postgres para todo.',
    'La app tiene que funcionar sin conexión.',
  ]);
  kept('feedback', ['Solo necesito la parte de Cloudflare.', 'On ne doit jamais pousser sur main.']);
  notKept(['La idea es publicarlos luego.', 'Solo necesito lo de arriba.', 'Por ahora solo necesito que compile.', 'La idea es buena?']);
});

describe('a view put with a tag question is the view (decision 97)', () => {
  kept('feedback', ['We always squash merge, right?']);
  kept('project', [
    'Si ya existe un componente así, no es necesario crear otro, o no?',
    'pero si ya hay un script así, no es necesario otro o no ?',
  ]);
  notKept(['Can you fix it, right?', '¿Por qué falla el build, o no?']);
});

describe('a lasting quality asked of the whole thing is a requirement (decision 97)', () => {
  kept('project', ['Make the installer self-contained.', 'Make the CLI cross-platform.', 'Make it idempotent.']);
  notKept(['Make it faster.', 'Make the button blue.', 'Make it self-contained for now.']);
});

describe('a run-on sentence too long to be one statement is read clause by clause (decision 97)', () => {
  const runOn =
    'ok so I looked at what you did this morning and it mostly works fine but the thing is that the bundler tree shakes badly ' +
    'with the default exports you added, and also we never use default exports in this repo and I would like that to stay so in ' +
    'every package we have, so can you redo it that way and then run the whole test suite again please and tell me';
  it('keeps the clause that states the rule, without the rest', () => {
    const found = findMemoryStatements([assistant('I updated the component.'), user(runOn)]);
    expect(found.map((s) => s.type)).toEqual(['feedback']);
    expect(found[0]?.text).toMatch(/^We never use default exports in this repo/);
    expect(found[0]?.text).not.toMatch(/test suite/);
  });
});

describe('"the idea / the plan is" in English judges or plans the work at hand (decision 97)', () => {
  notKept(['The idea is bad.', 'The plan is fine.', 'The plan is to rename the helper in auth.ts.', 'The intention is unclear to me.']);
});

describe('support wanted with emphasis is refused for the work of the moment like any requirement (decision 97)', () => {
  notKept([
    'I also need to support pagination in this endpoint now.',
    'We really want to support the new flag in this PR today.',
    'We do want to support dark mode for now.',
  ]);
  kept('project', ['We really want to support both Postgres and MySQL.']);
});

describe('French elided articles are read word by word (decision 97)', () => {
  kept('project', ["L'idée est de tout garder dans un seul dépôt.", "L'objectif est d'avoir une seule commande d'installation."]);
});

/** The texts of what one message, said after an ordinary assistant turn, is kept as. */
const texts = (said: string) => findMemoryStatements([assistant('I updated the component.'), user(said)]).map((s) => s.text);

describe('typographic apostrophes are read as apostrophes (decision 97)', () => {
  it('keeps a choice or a prohibition typed with them, as with straight ones', () => {
    expect(texts('Let’s go with Postgres for the job queue.')).toEqual(["Let's go with Postgres for the job queue."]);
    expect(texts('We shouldn’t depend on moment.js.')).toEqual(["We shouldn't depend on moment.js."]);
    expect(texts('L’idée est de tout garder dans un seul dépôt.')).toEqual(["L'idée est de tout garder dans un seul dépôt."]);
  });
});

describe('a leading "and", "y", "so" is left out only as a word of its own (decision 97)', () => {
  it('keeps a word that only starts with one', () => {
    expect(texts('Y-axis labels must always be integers.')).toEqual(['Y-axis labels must always be integers.']);
    expect(texts('So-called helpers must always live in src/lib.')).toEqual(['So-called helpers must always live in src/lib.']);
  });
  it('still leaves out the word itself', () => {
    expect(texts('And we always use pnpm.')).toEqual(['We always use pnpm.']);
    expect(texts('FYI: we always use pnpm.')).toEqual(['We always use pnpm.']);
    expect(texts('So, we always use pnpm.')).toEqual(['We always use pnpm.']);
  });
});

describe('a prohibition scoped to a mode or a place is a rule (decision 104)', () => {
  kept('feedback', ['In cloud mode we should not show the agent picker.', 'On Windows, you must not use symlinks in the fixtures.']);
  notKept(['In this file we should not touch it.', 'In the meantime you should not see that error.']);
});
