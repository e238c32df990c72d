import { describe, expect, it } from 'vitest';
import { memorySlug } from '../../../src/memory/durable/memorySlug.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import type { ModelMessage } from '../../../src/model/port.js';
import { extractTask } from '../../support/extractTask.js';

/** The file name a statement's memory gets: the slug of its title. */
const slugOf = (said: string): string => memorySlug(titleOf(said));

/** The memory files and the index written for the last message of a conversation. */
function written(conversation: readonly ModelMessage[]): { files: string[]; index: string } {
  const writes = draftMemories(extractTask(1), conversation);
  return {
    files: writes.filter((w) => w.filename !== 'MEMORY.md').map((w) => w.filename),
    index: writes.find((w) => w.filename === 'MEMORY.md')?.content ?? '',
  };
}

describe('an apostrophe in a slug folds the word, whatever mark stands for it (decision 68, amended 2026-12-07)', () => {
  it.each([
    ['typographic', 'they\u2019re'],
    ['acute accent, as some keyboards type it', 'they\u00b4re'],
    ['backtick', 'they`re'],
    ['prime', 'they\u2032re'],
    ['modifier letter', 'they\u02bcre'],
    ['read through the wrong encoding, as Windows-1252', 'they\u00e2\u20ac\u2122re'],
    ['read through the wrong encoding, as Latin-1', 'they\u00e2\u0080\u0099re'],
  ])('%s', (_, theyre) => {
    const slug = slugOf(`Place the tests alongside the code ${theyre} testing`);
    expect(slug).toBe('place-tests-alongside-code-testing');
    // The typographic one is an apostrophe as it is; the others are written as the straight one.
    expect(titleOf(`Place the tests alongside the code ${theyre} testing`).replace('\u2019', "'")).toBe(
      "Place the tests alongside the code they're testing",
    );
  });

  it('a negation typed with such a mark stays in the slug, folded', () => {
    expect(slugOf('Don\u00b4t commit the generated files')).toBe('dont-commit-generated-files');
    expect(slugOf('We don\u00e2\u20ac\u2122t deploy on Fridays')).toBe('dont-deploy-fridays');
  });
});

describe('a title does without the words a person opens with before they say anything (decision 68, amended 2026-12-07)', () => {
  it.each([
    ['an interjection', 'Yeah we deploy from tags only', 'We deploy from tags only'],
    ['a filler adverb with a comma', 'Actually, the cache lives in Redis now', 'The cache lives in Redis now'],
    ['a filler adverb without one', 'Honestly the staging data is reset every night', 'The staging data is reset every night'],
    ['"ok" with a comma', 'Ok, integration tests run against a real Postgres', 'Integration tests run against a real Postgres'],
    ['"OK" naming a thing, with no comma', 'OK responses are cached at the edge', 'OK responses are cached at the edge'],
    [
      'a note that announces what follows a colon',
      'One thing we could add here: a check that the lockfile matches before every release',
      'A check that the lockfile matches before every release',
    ],
    [
      'a note that announces what follows "is that"',
      'Something I would like to mention is that we deploy from tags',
      'We deploy from tags',
    ],
    [
      'a note that announces what follows a dash',
      'Another small thing - the changelog is built from commits',
      'The changelog is built from commits',
    ],
  ])('%s', (_, said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(slugOf(said)).toBe(memorySlug(title));
  });

  it('an announcement that says nothing after it stays the title', () => {
    expect(titleOf('One thing we could add here')).toBe('One thing we could add here');
  });

  it('never drops a negation with the opener', () => {
    expect(titleOf('One thing we do not want here: mocks in the integration tests')).toContain('not');
    expect(slugOf('One thing we do not want here: mocks in the integration tests').split('-')).toContain('not');
  });
});

describe('a long title ends where a thought ends (decision 68, amended 2026-12-07)', () => {
  it('a second sentence typed without a full stop, opened with "I", is left to the body', () => {
    const said = "Yeah let's migrate to cobra I was actually assuming we use cobra already for every command line tool here";
    expect(titleOf(said)).toBe('Migrate to cobra');
    expect(slugOf(said)).toBe('migrate-cobra');
  });

  it('not after a word that needs the "I" clause ("before I push")', () => {
    expect(titleOf('Run the tests before I push to main and then tag the release for the nightly deploy job')).toBe(
      'Run the tests before I push to main',
    );
  });

  it('a slug cut to its first subject words does not end on a word that needs the next', () => {
    expect(slugOf('Run integration suites nightly against staging databases')).toBe('run-integration-suites-nightly');
    expect(slugOf('Tabs, not spaces')).toBe('tabs-not-spaces');
    expect(slugOf('Never use it unless')).toBe('never-unless');
  });
});

describe('a title in the same person as the body (decision 68, amended 2026-12-07)', () => {
  it('the person speaking of themselves keeps their words in the title, as in the file', () => {
    const { files, index } = written([{ role: 'user', content: "I don't want to have tokens under my account for the deploy bots." }]);
    expect(index).toContain("[I don't want to have tokens under my account");
    expect(index).not.toMatch(/\[User\b/);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^dont-tokens-account\b/);
  });
});

describe('a word typed with a slip is titled as the session spells it (decision 68, amended 2026-12-07)', () => {
  const assistant = (content: string): ModelMessage => ({ role: 'assistant', content });
  const spelled = assistant('The TypeScript build is set up. TypeScript compiles to dist, and the TypeScript config is strict.');

  it('a letter left out, spelled right by the session three times', () => {
    const { files, index } = written([spelled, { role: 'user', content: 'We use typecript only in this repo, never plain JavaScript.' }]);
    expect(files).toEqual(['typescript-only-repo-never-plain-javascript.md']);
    expect(index).toContain('[We use TypeScript only in this repo, never plain JavaScript]');
    // The body keeps the words as typed.
    expect(index).toContain('— We use typecript only');
  });

  it('not a word the person typed twice, nor one the session says too seldom', () => {
    const twice = written([spelled, { role: 'user', content: 'We use typecript only, typecript everywhere in this repo.' }]);
    expect(twice.files[0]).toMatch(/^typecript/);
    const seldom = written([assistant('TypeScript is set up.'), { role: 'user', content: 'We use typecript only in this repo.' }]);
    expect(seldom.files[0]).toMatch(/^typecript/);
  });

  it('not a word that differs at its end: another form of the word, not a slip', () => {
    const forms = assistant('Each commits list is long; commits are squashed; the commits go to main.');
    const { files } = written([forms, { role: 'user', content: 'Always squash the commit before merging into main.' }]);
    expect(files[0]).toContain('commit');
    expect(files[0]).not.toContain('commits');
  });
});

describe('a title is never empty (decision 120)', () => {
  // A property run found "we've -.": its opening words dropped, nothing was left, and the file was named by no word.
  it.each(["we've -.", 'Please -', 'We have…'])('a statement that is only its opening words keeps them: %j', (said) => {
    expect(titleOf(said)).toMatch(/\p{L}/u);
  });

  it('an opener before them still goes: "Yeah we\'ve -." is titled "We\'ve"', () => {
    expect(titleOf("Yeah we've -.")).toBe("We've");
  });

  it('opening words still go when a rule follows them', () => {
    expect(titleOf("We've moved the docs to the wiki")).toBe('Moved the docs to the wiki');
  });
});
