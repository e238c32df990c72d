import { describe, expect, it } from 'vitest';
import { kept, notKept, types } from '../../support/statementKinds.js';

// Task steps, states and one-offs shaped like decision 104's kinds, written by a reviewer for
// these tests (none taken from a corpus): each is work of the moment, never a lasting statement.
describe('leave over things at hand is for this task, not standing (decision 104)', () => {
  notKept([
    'You can run the tests.',
    'You can commit the changes.',
    'You can push the branches.',
    'You can close the duplicate issues.',
    'Feel free to fix the remaining lint errors.',
    'You can delete the old migration files.',
  ]);
  kept('feedback', ['You can skip the changelog for docs-only changes.', 'You have my permission to push to feature branches.']);
});

describe('a question about one tool or one spot is not a way of writing code (decision 104)', () => {
  notKept([
    'Why not use a map?',
    "Why don't we use Redis for this?",
    "Why don't you use git?",
    'why not use a set for the lookup?',
    'Can you use curl instead of wget?',
    'Could you use rg instead of grep?',
    'Can you use a for loop instead of forEach?',
  ]);
  kept('feedback', [
    'Can you use a switch instead of chained if/else?',
    'can you use a switch case instead of nested ifelse?',
    'Can we use async/await rather than callbacks?',
    "why don't you use early returns?",
    "Why aren't we using table-driven tests for these parsers?",
  ]);
});

describe('a worker or a skill for one piece of work, and one skipped step, are the task (decision 104)', () => {
  notKept([
    'Use a subagent for research on the bug.',
    'Use subagents to research the failing test.',
    'Use the /commit skill for the commit.',
    'use the review skill for the PR',
    'Skip the intro and fix the bug.',
  ]);
  kept('feedback', [
    'Use Opus for planning and Sonnet for the implementation.',
    'Use subagents for research.',
    'Use Haiku to review the diffs.',
    'Use the /release-notes skill for changelogs.',
    'Skip the pleasantries.',
  ]);
});

describe('a state, a step or a file the code shows is no account name (decision 104)', () => {
  for (const said of [
    'The main branch is green.',
    'The workspace is ready.',
    'our scope is small.',
    'My GitHub account is admin.',
    'PRs go to review.',
    'PRs merge automatically.',
    'The config is in src/config.ts.',
  ])
    it(`not a reference: ${said}`, () => expect(types(said)).not.toContain('reference'));
  kept('project', ['PRs go against next.', 'Pull requests target the develop branch.', 'The default branch is main.']);
  kept('reference', ['The API key is in .env.local.', 'Our GitHub org is acme-inc.']);
});

describe("the state of the person's editor or OS is not their setup (decision 104)", () => {
  notKept(['My OS is fine.', 'My browser is open.', 'My editor is unresponsive.', 'My shell is weird.']);
  it('not about them: My terminal is frozen.', () => expect(types('My terminal is frozen.')).not.toContain('user'));
  kept('user', ['My editor is Neovim.', 'My shell is fish.', 'My editor is Zed.', 'My OS is Ubuntu 24.04.']);
});

describe('a way of talking before "we shouldn\'t" is no scope of a never-rule (decision 104)', () => {
  notKept(["In the end we shouldn't do it.", "On second thought, you shouldn't change that.", "In my opinion we shouldn't ship it."]);
  kept('feedback', ['In cloud mode we should not show the agent picker.', 'On Windows, you must not use symlinks in the fixtures.']);
});

describe('a bug, a wrong repo or a piece of the work is not what the project is (decision 104)', () => {
  for (const said of [
    "It's an internal tool bug.",
    'This is a fork of the wrong repo.',
    "It's a prototype of the button.",
    "It's the backend for the new feature.",
    "We're building an app that crashes.",
  ])
    it(`not a project fact: ${said}`, () => expect(types(said)).not.toContain('project'));
  kept('project', [
    "It's an internal tool with about 20 users.",
    'This repo is the backend for our mobile app.',
    'This is a fork of the upstream Hugo theme.',
    "We're building a CLI for managing dotfiles.",
  ]);
});

describe('how people feel, or where they are, is not who they are (decision 104)', () => {
  for (const said of ['The users are mostly angry.', 'Our customers are mostly complaining.', "Alex is our lead and he's away."])
    it(`not a project fact: ${said}`, () => expect(types(said)).not.toContain('project'));
  kept('project', [
    'Ana is our designer.',
    'Priya is our point of contact at the bank.',
    'Our users are mostly on Android.',
    'Our audience is mostly data scientists.',
    "We can't push to upstream.",
  ]);
});

describe('a folder, a spot at hand, a broken workflow or one day are no circumstance of the project (decision 104)', () => {
  for (const said of [
    'There is no docs folder.',
    'There are no tests in that folder.',
    'Merging to main triggers the broken workflow.',
    'The staging DB gets reset on Friday.',
  ])
    it(`not a project fact: ${said}`, () => expect(types(said)).not.toContain('project'));
  kept('project', [
    'There is no CI for this repo.',
    'Merging to main deploys to production.',
    'The staging database gets reset every night.',
    'The staging DB gets reset on every merge.',
  ]);
});

describe('the state of CI said in Spanish or French is no service (decision 104)', () => {
  notKept(['el CI es rojo.', 'el CI es verde.', 'le CI est rouge.']);
  kept('project', ['El CI es GitHub Actions.']);
});

describe('one more of each kind for the task at hand (decision 104)', () => {
  notKept([
    'Report issues to me.',
    'Track todos in the file.',
    'I run it with my local install.',
    'Show me the plan before you run anything.',
  ]);
  it('not a project fact: The logs are over 10 GB.', () => expect(types('The logs are over 10 GB.')).not.toContain('project'));
  kept('feedback', [
    'Report flaky tests in the #ci channel.',
    'Show me the diff before you commit.',
    'Show me the plan before you change files.',
  ]);
  kept('user', ['I test the CLI against my regular install.']);
});
