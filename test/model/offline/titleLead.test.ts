import { describe, expect, it } from 'vitest';
import { memorySlug } from '../../../src/memory/durable/memorySlug.js';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { withoutOpeners } from '../../../src/model/offline/titleLead.js';

/** The file name a statement's memory gets: the slug of its title. */
const slugOf = (said: string): string => memorySlug(titleOf(said));

describe('a title opens on the rule, without the words said before it (decision 120)', () => {
  it.each([
    ['a greeting with dashes', 'Hey -- rename the changelog to HISTORY.md', 'Rename the changelog to HISTORY.md'],
    ['a greeting with a comma', 'Hi, keep the fixtures under version control', 'Keep the fixtures under version control'],
    ['"also"', 'Also keep the generated clients out of the diff', 'Keep the generated clients out of the diff'],
    ['"so" before a clause', 'So we tag every release from the main branch', 'We tag every release from the main branch'],
    ['"ok" before a clause', 'Ok let us squash the fixup commits before merging', 'Let us squash the fixup commits before merging'],
    ['"like" before a verb', 'Like move the helpers into their own module', 'Move the helpers into their own module'],
    ['"btw"', 'Btw the nightly job runs in UTC', 'The nightly job runs in UTC'],
    ['an acronym hedge', 'AFAIK the parser accepts tabs in keys', 'The parser accepts tabs in keys'],
    ['"I think"', 'I think the cache belongs in the adapter layer', 'The cache belongs in the adapter layer'],
    ['"I guess"', 'I guess we ship the docs with every minor release', 'We ship the docs with every minor release'],
    ['"I\'d like to"', "I'd like to publish the SDK under the org scope", 'Publish the SDK under the org scope'],
    ['"I\'d like you to"', "I'd like you to write the migration notes in English", 'Write the migration notes in English'],
    ['"I am thinking to"', 'I am thinking to move the CLI into its own package', 'Move the CLI into its own package'],
    ['"can you"', 'Can you rename the staging bucket to assets-staging', 'Rename the staging bucket to assets-staging'],
    ['"please"', 'Please sign every release tag with the team key', 'Sign every release tag with the team key'],
    ['"make sure that"', 'Make sure that the lockfile is committed with each bump', 'The lockfile is committed with each bump'],
    ['"make sure, that" with its comma', 'Make sure, that the schema version is bumped', 'The schema version is bumped'],
    ['"make sure you"', 'Make sure you run the linter before pushing', 'Run the linter before pushing'],
    ['"be sure to"', 'Be sure to attach the trace file to the report', 'Attach the trace file to the report'],
    ['"let\'s say"', "Let's say the worker loses its lease mid-run", 'The worker loses its lease mid-run'],
    ['"If not," answering the question before', 'If not, open a draft PR and link the issue', 'Open a draft PR and link the issue'],
    ['"If not please"', 'If not please merge the release branch back', 'Merge the release branch back'],
    ['"If so,"', 'If so, the importer skips the empty rows', 'The importer skips the empty rows'],
    ['a list label', 'F1: the mapping of severities to levels is correct', 'The mapping of severities to levels is correct'],
    ['a numbered item', '2. keep the retry budget at three attempts', 'Keep the retry budget at three attempts'],
    ['several in a row', 'Hey, also, I think we should pin the Node version', 'We should pin the Node version'],
    ['in Spanish, a condition that answers the message before', 'Si no, usamos la rama de pruebas', 'Usamos la rama de pruebas'],
  ])('%s', (_, said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(slugOf(said)).toBe(memorySlug(title));
  });
});

describe('a word that is the rule’s own stays (decision 120)', () => {
  it.each([
    ['"like" as a verb', 'I like small commits with one change each'],
    ['"Like" naming a thing', 'Like buttons are rate limited per user'],
    ['"so that" opening a purpose', 'So that reviews stay small, split the refactor from the fix'],
    ['a condition that is the rule', 'If tox fails, never auto-commit'],
    ['a condition with its own words', 'If not given, read the dataset from the folder above'],
    ['"well" without a comma', 'Well defined errors go to the caller'],
    ['"OK" naming a thing', 'OK responses are cached at the edge'],
    ['"make sure not to" keeps its words', 'Make sure not to log the tokens'],
    ['"I want" is the person’s own wish', 'I want the docs to build without network access'],
  ])('%s', (_, said) => {
    expect(titleOf(said)).toBe(said);
  });

  it('a negation in the words before the rule keeps them', () => {
    expect(titleOf('I think not, the runner keeps its own cache')).toMatch(/^Not\b/);
    expect(slugOf("Also don't rebase the release branch")).toBe('dont-rebase-release-branch');
    expect(titleOf('Make sure you never push to main')).toBe('Never push to main');
  });
});

describe('a name written in lower case keeps its case where an opener went (decision 120)', () => {
  it.each([
    ['a package manager', 'Okay, pnpm is what we use for installs', 'pnpm is what we use for installs'],
    ['a cluster command', 'Also kubectl apply goes through the wrapper script', 'kubectl apply goes through the wrapper script'],
    ['a tool that is also a word', 'Hey, git is the only history we keep', 'git is the only history we keep'],
    ['a name typed in backticks', 'Btw `shipit` tags the release from main', 'shipit tags the release from main'],
    ['a file name with a dot', 'Btw package.json keeps the scripts', 'package.json keeps the scripts'],
    ['a name with a digit', 'Also k8s manifests live in the deploy folder', 'k8s manifests live in the deploy folder'],
    ['a command with a dash', 'Also pre-commit runs the formatter', 'pre-commit runs the formatter'],
  ])('%s', (_, said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(memoryDescription(`${said}.`).replace(/`/g, '')).toBe(`${title}.`);
  });

  it('a title that opens on a name with no opener keeps it as typed', () => {
    expect(titleOf('pnpm only, never npm in this repo')).toBe('pnpm only, never npm in this repo');
  });

  it('an ordinary word is still capitalised where an opener went', () => {
    expect(titleOf('Okay, the build cache lives in the runner')).toBe('The build cache lives in the runner');
    expect(titleOf('Hey, builds run with bun')).toBe('Builds run with bun');
  });
});

describe('a slug names the memory by two words or more (decision 120)', () => {
  it('a condition that answers the message before leaves no slug of its negation alone', () => {
    expect(slugOf('If not please make it so and merge every request after opening a PR')).not.toBe('not');
    expect(slugOf('If not please make it so and merge every request after opening a PR').split('-').length).toBeGreaterThanOrEqual(2);
  });

  it('a title cut short is lengthened to its second content word', () => {
    expect(titleOf('Do it so, and then also and the parser accepts every dialect of the config format we ship')).toMatch(/parser/);
  });
});

describe('a description opens on what the memory says, never with an ellipsis (decision 120)', () => {
  it.each([
    [
      'Hey -- rename the changelog to HISTORY.md. It is what the tooling expects.',
      'Rename the changelog to HISTORY.md. It is what the tooling expects.',
    ],
    ['Also make sure, that the schema version is bumped.', 'The schema version is bumped.'],
    ['If not, open a draft PR and link the issue.', 'Open a draft PR and link the issue.'],
  ])('%s', (said, description) => {
    expect(memoryDescription(said)).toBe(description);
  });

  it('a long statement is cut on a word, with no ellipsis at either end', () => {
    const description = memoryDescription(`Also ${'keep the staging and production buckets apart '.repeat(6)}`);
    expect(description.length).toBeLessThanOrEqual(150);
    expect(description).toMatch(/^Keep\b.*\w$/);
  });

  it('the openers are dropped in whatever order they come', () => {
    expect(withoutOpeners('Yeah, also please run the smoke tests')).toBe('Run the smoke tests');
  });

  it('a statement that opens with no opener keeps its first word as typed', () => {
    expect(memoryDescription('pnpm only, never npm in this repo')).toBe('pnpm only, never npm in this repo');
    expect(withoutOpeners('iOS builds run on the mac runner')).toBe('iOS builds run on the mac runner');
  });
});

describe('one word before "let\'s" goes, however it is spelt, when it is no noun, name or negation (decision 120, amended)', () => {
  it.each([
    ['Acutally lets not add the linter to the setup.', "Don't add the linter to the setup", 'dont-add-linter-setup'],
    ["Basicaly, let's keep the cache in memory.", 'Keep the cache in memory', 'cache-memory'],
    ['Srsly lets use pnpm for the workspace.', 'Use pnpm for the workspace', 'pnpm-workspace'],
  ])('%s', (said, title, slug) => {
    expect(titleOf(said)).toBe(title);
    expect(memorySlug(titleOf(said))).toBe(slug);
  });

  it.each([
    // a name the message is said to
    "Bob, let's keep the cache in memory.",
    // a negation or a lasting word is the rule's own
    'Never lets the cache grow past a gigabyte.',
    "Always let's run the linter first.",
    // "lets us" is a thing's verb, not "let's"
    'Docker lets us pin the toolchain.',
  ])('keeps the word: %s', (said) => {
    expect(titleOf(said).split(/[\s,]/)[0]).toBe(said.split(/[\s,]/)[0]);
  });
});

describe('a heading that announces a change of plan goes from the title (decision 120, amended; decision 110)', () => {
  it.each([
    ['Change in plan: all generated files go in the root folder.', 'All generated files go in the root folder'],
    ['Change of plans: keep the fixtures in src.', 'Keep the fixtures in src'],
    ['Update: the cache lives in the home folder.', 'The cache lives in the home folder'],
  ])('%s', (said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(memorySlug(titleOf(said))).toBe(memorySlug(title));
  });

  it.each(['Update-notifier is never run in CI.', 'Change in plan tracking is in the backlog.'])(
    'keeps a word that names a thing: %s',
    (said) => {
      expect(titleOf(said).split(' ').slice(0, 2)).toEqual(said.split(' ').slice(0, 2));
    },
  );
});

describe('a suggestion’s "let’s" frames the rule and goes from its title and description (decision 120, amended 2026-12-07)', () => {
  it.each([
    ["Let's migrate to cobra", 'Migrate to cobra'],
    ['lets keep the fixtures in one folder', 'Keep the fixtures in one folder'],
    ["Let's not add a second config format", "Don't add a second config format"],
    ['Lets not vendor the parser, it is unnecessary', "Don't vendor the parser, it is unnecessary"],
  ])('%s', (said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(memoryDescription(said).startsWith(title)).toBe(true);
  });

  it('the negation of "let’s not" is kept in the title, the slug and the description', () => {
    const said = "Let's not add a second config format";
    expect(memorySlug(titleOf(said)).split('-')).toContain('dont');
    expect(memoryDescription(said)).toMatch(/^Don't add/);
  });

  it.each(['Lets the user pick a theme at start', 'Lets us skip the login page in tests'])('"%s": a thing’s verb stays', (said) => {
    expect(titleOf(said)).toBe(said);
  });
});
