import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { bodyOf } from '../../../src/model/offline/memoryDraft.js';
import { looksSecret } from '../../../src/model/offline/secretLike.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** What one message, said after an ordinary assistant turn, is kept as. */
const kept = (said: string) => findMemoryStatements([assistant('I looked at the project layout.'), user(said)]);

// Sentences written for these tests, one or more per kind of statement (decision 93), none taken from a corpus.
describe('facts about the environment said in passing are project facts (decision 93)', () => {
  for (const said of [
    'We deploy the workers with Wrangler.',
    "We're on Heroku for the workers.",
    'We have the marketing site on Netlify.',
    'Our staging DB is Postgres 15 on RDS.',
    'The backend lives in ../api.',
    'The main branch is called trunk.',
    'All timestamps are stored in UTC.',
    'Desplegamos el backend en Railway.',
  ])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['project']));
});

describe('a setting the person changed is a fact of the environment (decision 93)', () => {
  for (const said of [
    'I have updated SESSION_SOCKET_PATH=/v2/live to a new path.',
    'I changed the API port to 8081.',
    "I've set DATABASE_URL to point at the new replica.",
  ])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['project']));

  it('a setting written NAME=value is no key, while a key after "=" still is', () => {
    expect(looksSecret('SESSION_SOCKET_PATH=/v2/live')).toBe(false);
    // A made-up value shaped like a generated key (mixed case, digits), not a real credential.
    expect(looksSecret('CACHE_SALT=Qx7vR2mK9pL4wT8zN3bY6cF1hJ5dG0sA')).toBe(true);
  });

  it('keeps the setting and its value in the memory', () => {
    const [found] = kept('I have updated SESSION_SOCKET_PATH=/v2/live to a new path.');
    expect(bodyOf(found!)).toContain('SESSION_SOCKET_PATH=/v2/live');
  });
});

describe('a fact a question takes for granted is kept, the question is not (decision 93)', () => {
  it.each([
    ['Since we host the docs on Netlify, can you redeploy them from there?', 'We host the docs on Netlify'],
    ['si tenemos la api en fly.io, no puedes ver los logs ahí?', 'Tenemos la api en fly.io'],
    ['Given that we deploy with Wrangler, why do we still need the Vercel config?', 'We deploy with Wrangler'],
  ])('%s', (said, fact) => {
    const found = kept(said);
    expect(found.map((s) => s.type)).toEqual(['project']);
    expect(found[0]!.text).toBe(fact);
  });

  it('the premise said after the question is kept too', () => {
    const found = kept('Why do we still need the Vercel config now that we deploy with Wrangler?');
    expect(found.map((s) => s.text)).toEqual(['We deploy with Wrangler']);
  });

  it('a hypothetical "if" asked plainly is no fact', () => {
    expect(kept('If we use Redis for the queue, will the workers get faster?')).toEqual([]);
  });
});

describe('the language to answer in is a standing preference (decision 93)', () => {
  for (const said of ['Respond in English please.', 'Answer me in Spanish from here.', 'Respóndeme en español.'])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['feedback']));
});

describe('a request that sets a convention for a whole kind of thing is a rule (decision 93)', () => {
  for (const said of ['Put all scripts in the tools folder.', 'Keep functions under 40 lines.', "Let's keep pull requests small."])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['feedback']));
  for (const said of [
    'Put all the files in a zip and send it to me.',
    'Keep the server running while I test.',
    'Keep these two functions small for now.',
    'Use all of the examples in the README.',
  ])
    it(`not: ${said}`, () => expect(kept(said)).toEqual([]));
});

describe('one tool over another for a kind of work is a rule (decision 93)', () => {
  for (const said of ['Write the tests in vitest, not jest.', 'Manage the packages with pnpm, not npm.'])
    it(said, () => expect(kept(said).map((s) => s.type)).toEqual(['feedback']));
  for (const said of ['Fix the login page, not the signup page.', 'Check it in Firefox, not Chrome.'])
    it(`not: ${said}`, () => expect(kept(said)).toEqual([]));
});

describe('asking for something to be kept, the place named first (decision 93)', () => {
  it.each([
    ['Add to CLAUDE.md that the tests use vitest.', 'The tests use vitest'],
    ['Guarda en tu memoria que el deploy es los viernes.', 'El deploy es los viernes'],
    ['Agrega a tu memoria: la web está en Cloudflare.', 'La web está en Cloudflare'],
  ])('%s', (said, text) => {
    const found = kept(said);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toContain(text);
  });
});

describe('the noise around such facts stays unsaved (decision 93)', () => {
  for (const said of [
    // status and symptoms
    'The build is failing on CI right now.',
    'The server is down again.',
    'The app uses too much memory when I open the settings page.',
    'We use Docker but it crashes on startup.',
    'The backend is on localhost:8000 but shows a blank page.',
    // one-off work and reports of work done
    'I have updated the README with the new section.',
    'I changed the button colour to red, does it look right?',
    '1. Clone https://github.com/acme/widgets\n2. Run the installer from https://acme.dev/setup\n3. Deploy it to Fly.io and report back.',
    // what the code says
    'The function uses lodash.debounce to slow the input down.',
    'We use Tailwind for styling.',
    'The repo uses pnpm workspaces.',
    'The frontend is built with Vite, its config in vite.config.ts.',
    // a question with no fact in it
    'Since the tests fail, can you look at the logs?',
  ])
    it(said, () => expect(kept(said)).toEqual([]));

  it('pasted output that states such facts is not the person’s words', () => {
    const pasted = [
      'Here is what the nightly job reported:',
      '',
      'The service uses Node 18 and runs on Fly.io.',
      'The repo uses yarn workspaces.',
    ].join('\n');
    expect(kept(pasted)).toEqual([]);
  });

  it('a later correction replaces the fact it corrects', () => {
    const found = findMemoryStatements([
      user('Our staging DB is Postgres 14 on RDS.'),
      assistant('Noted.'),
      user('I realized I was wrong: our staging DB is Postgres 16 on RDS, not 14.'),
    ]);
    expect(found.map((s) => s.text).join(' ')).not.toMatch(/Postgres 14 on RDS\.$/);
    expect(found.some((s) => s.text.includes('Postgres 16'))).toBe(true);
  });
});
