import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// Choices and habits of a project said in passing (decision 110). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) => findMemoryStatements([assistant('The build is green again.'), user(said)]);
const keptOf = (said: string): string[] => found(said).map((s) => s.text);
const typesOf = (said: string): string[] => found(said).map((s) => s.type);

describe('what the team usually does', () => {
  it('is a fact of the project; what I usually do is one of the person', () => {
    expect(typesOf('We usually keep an orphan branch in each repo for checkpoints.')).toEqual(['project']);
    expect(typesOf('The team normally ships on Tuesdays.')).toEqual(['project']);
    expect(typesOf('I usually work from the terminal, not the IDE.')).toEqual(['user']);
  });

  it('a clause about the thing named may hedge without hedging the habit', () => {
    expect(typesOf('We usually keep a shared fixtures branch in each repo that might be reused by other teams.')).toEqual(['project']);
    expect(keptOf('I think that might work for the API layer.')).toEqual([]);
    expect(keptOf('We usually keep a shared fixtures branch, but that might change.')).toEqual([]);
  });

  it('a habit of forgetting, or a question, is none', () => {
    expect(keptOf('We usually forget to bump the version.')).toEqual([]);
    expect(keptOf('Do we usually squash merges?')).toEqual([]);
    expect(keptOf('We usually see this error after a deploy.')).toEqual([]);
    expect(keptOf('I usually just restart it.')).toEqual([]);
  });
});

describe('a move to another tool', () => {
  it('is a project decision', () => {
    for (const said of [
      "yeah let's migrate to cobra (I was assuming we used it already)",
      "We'll switch over to vitest.",
      'Let us move over to pnpm workspaces.',
    ])
      expect(typesOf(said), said).toEqual(['project']);
  });

  it('a move to a step, a mode, a branch or a thing pointed at is the work at hand', () => {
    for (const said of [
      "let's move to the next step",
      "let's switch to plan mode",
      "let's move to another branch",
      "let's switch to it",
      "Let's switch to main",
    ])
      expect(keptOf(said), said).toEqual([]);
  });
});

describe('what a thing is called', () => {
  it('a name that stays, or is renamed throughout', () => {
    expect(typesOf('The go package name stays gitsync.')).toEqual(['project']);
    expect(typesOf('The cli binary is still git-sync')).toEqual(['project']);
    expect(typesOf('Can you rename everything from agent-plugins to skills.')).toEqual(['project']);
  });

  it('a later rename replaces what the name was said to be earlier in the session', () => {
    const said = findMemoryStatements([
      assistant('Moved the module.'),
      user('The repo is now github.com/acme/filesync, and the binary is still fsync.'),
      assistant('Updated the imports.'),
      user('We renamed the repo once more, from github.com/acme/filesync to github.com/acme/file-sync.'),
    ]).map((s) => s.text);
    expect(said).toEqual(['We renamed the repo once more, from github.com/acme/filesync to github.com/acme/file-sync.']);
  });

  it('renaming one thing at hand is a task, and how a thing is now is its state', () => {
    expect(keptOf('rename the variable from foo to bar')).toEqual([]);
    for (const said of ['The app is still crashing.', 'The service is still down', 'The binary is still too big'])
      expect(keptOf(said), said).toEqual([]);
    expect(typesOf('The repo is now called file-sync.')).toEqual(['project']);
  });
});

describe('the tool a kind of work is done with', () => {
  it('is a project fact', () => {
    expect(typesOf('We release new versions with goreleaser.')).toEqual(['project']);
    expect(typesOf("I'm adding the goreleaser config for the first time, to publish versions using goreleaser")).toEqual(['project']);
  });

  it('doing it with a thing pointed at is none', () => {
    expect(keptOf('deploy it with the script')).toEqual([]);
    expect(keptOf('We deploy with care.')).toEqual([]);
  });
});

describe('the manner asked for a kind of output', () => {
  it('is a preference, said alone, as a question or after a comma in a request', () => {
    expect(keptOf('can you do meaningful commits?')).toEqual(['Do meaningful commits.']);
    expect(keptOf('Please write small, focused functions')).toEqual(['Write small, focused functions.']);
    expect(keptOf('create a fix for the claim in a new branch, do meaningful commits')).toEqual(['Do meaningful commits.']);
  });

  it('a quality of things at hand, or work on existing things, is a task', () => {
    for (const said of ['remove unused imports', 'can you write unit tests for the parser?', 'make small changes to these files'])
      expect(keptOf(said), said).toEqual([]);
  });
});

describe('a rename said as done (decision 110, amended)', () => {
  it('is what a thing of the project is called from now on', () => {
    expect(keptOf('We renamed the package to acme-core.')).toEqual(['We renamed the package to acme-core.']);
    expect(typesOf('The repo was renamed from filesync to file-sync.')).toEqual(['project']);
  });

  it('said before the work it brings, the rename is kept and the request is not', () => {
    expect(keptOf('we renamed the repo from `acme/filesync` to `acme/file-sync` can you update the imports?')).toEqual([
      'We renamed the repo from `acme/filesync` to `acme/file-sync`.',
    ]);
  });

  it('goes on with what is said of the names after it', () => {
    expect(keptOf('we just renamed the repo to acme/file-sync, can you fix the imports? The binary is still `fsync`.')).toEqual([
      'We just renamed the repo to acme/file-sync. The binary is still `fsync`.',
    ]);
  });

  it('a rename asked for, or one of code, is the work', () => {
    expect(keptOf('Can you rename the repo to file-sync?')).toEqual([]);
    expect(keptOf('I renamed getUser to fetchUser.')).toEqual([]);
  });
});
