import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { conventionInRequest } from '../../../src/model/offline/conventionsInRequests.js';
import { assistant, keptAfterAWorkTurn, user } from '../../support/keptAfterAWorkTurn.js';

// Conventions given as a clause of a one-off request (decision 130). Sentences written for these tests, none taken
// from a corpus or an audit.
const kept = keptAfterAWorkTurn;

describe('a convention given as a clause of a request is kept without the step', () => {
  it.each([
    ["Commit what's staged; one commit per module, ticket id in the subject.", 'One commit per module, ticket id in the subject.'],
    ['Write the commits, follow the usual pattern, split them by area.', 'About commits: follow the usual pattern, split them by area.'],
    ['Commit the changes and reference the Jira ticket in the message.', 'About commits: reference the Jira ticket in the message.'],
    [
      'Open the PRs, titles at most 8 words, descriptions under 150 words.',
      'About pull requests: titles at most 8 words, descriptions under 150 words.',
    ],
    ['Push the branch and open a PR, one PR per service.', 'One PR per service.'],
    ['Create commits grouped by kind of change.', 'Commits grouped by kind of change.'],
    ['Read earlier commits for the subject style.', 'Read earlier commits for the subject style.'],
  ])('%s', (request, convention) => {
    expect(kept(request)).toEqual([convention]);
  });

  it('a sentence of its own right after the step speaks of the kind the step makes', () => {
    expect(kept('Write the release notes. Follow the house format.')).toEqual(['About release notes: follow the house format.']);
    expect(kept('Open the issues. Titles under 12 words.')).toEqual(['About issues: titles under 12 words.']);
  });

  it('a step in another paragraph names no kind for it', () => {
    expect(kept('Write the release notes.\n\nFollow the house format.')).toEqual([]);
  });
});

describe('a clause bound to this occasion is a step, and nothing is kept (decision 123)', () => {
  it.each([
    'Split this commit in two.',
    'Commit and push.',
    'Open two PRs, one for the API and one for the UI.',
    'Open three PRs, one PR per service.',
    'Commit the fix and put the stack trace in the description.',
    'Write the commit message, follow the same pattern as the last one.',
    'Squash these commits by author.',
    'Write the commits, split them by hand.',
    'Look at the last commit for the bug.',
    'Look at previous commits to find where it broke.',
    'Create the issue, title it Login fails.',
    // This change's criterion, a manner turned down, or one artefact made now (decision 130, amended).
    'Commit the fix, one commit per file I touched.',
    'Write the commits, one commit per file we changed.',
    'One PR per service is too many though.',
    'Open the PR. One PR per service is too many though.',
    'One commit per module would be nicer here.',
    "Open the PRs, one PR per service doesn't work for us.",
    'Open a PR, ticket id in the title.',
    'Create the issue, title at most 10 words.',
    'Write the changelog entry, follow the usual format.',
    'Can you commit and reference the ticket in the message?',
    // Grouping tests, docs or tickets now is a refactor or a triage; a step that adds to a file makes no artefact.
    'Group the tests by module.',
    'Split the tickets by team.',
    'Add the release to the changelog, follow the usual format.',
    'Close the ticket and mention the issue in the description.',
  ])('%s', (request) => {
    expect(kept(request)).toEqual([]);
  });

  // What is longer than a statement is never scanned clause by clause: the bound keeps a pasted list from costing time
  // (its speed is no test's business; the bound is).
  it('a request longer than a statement is not read', () => {
    expect(conventionInRequest('Write the commits, split them by area.')).toBeDefined();
    expect(conventionInRequest(`Write the commits, ${'a, '.repeat(20_000)}split them by area.`)).toBeUndefined();
    expect(conventionInRequest('a, '.repeat(20_000))).toBeUndefined();
  });

  it('a clause that needs a kind of artefact says nothing without one', () => {
    expect(conventionInRequest('Follow the usual pattern.')).toBeUndefined();
    expect(conventionInRequest('Split them by area.')).toBeUndefined();
    expect(conventionInRequest('Titles under 12 words.')).toBeUndefined();
    expect(conventionInRequest('Ticket id in the subject.')).toBeUndefined();
  });
});

describe('a request that answers the assistant', () => {
  it('keeps its convention and not its step', () => {
    const messages = [
      assistant('Which files should go in?'),
      user('Commit the parser changes, one commit per module.'),
      assistant('Done.'),
    ];
    expect(findMemoryStatements(messages).map((s) => s.text)).toEqual(['One commit per module.']);
  });
});
