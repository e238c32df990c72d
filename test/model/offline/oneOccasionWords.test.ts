import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { occasionRule } from '../../../src/model/offline/occasionRules.js';
import { holdsForOneOccasion } from '../../../src/model/offline/oneOccasionWords.js';
import { isOneOffStep } from '../../../src/model/offline/oneOffStep.js';

const THINGS = [
  'commit',
  'change',
  'file',
  'PR',
  'pull request',
  'branch',
  'session',
  'task',
  'run',
  'fix',
  'release',
  'ticket',
  'issue',
  'bug',
  'feature',
];

describe('one list of the things and days that name one occasion, read by every finder (decisions 106 and 110)', () => {
  it.each(THINGS)('"%s" pointed at names one occasion for the step said as a rule and for the change of how work is done', (thing) => {
    expect(isOneOffStep(`Run the unit tests only for this ${thing}`)).toBe(true);
    expect(holdsForOneOccasion(`Squash the commits on this ${thing}`)).toBe(true);
    expect(holdsForOneOccasion(`Squash the commits on every ${thing}`)).toBe(false);
  });

  it.each(['tomorrow', 'today', 'tonight', 'this week', 'next time', 'on Friday', 'v2', '1.4.0'])(
    '"%s" makes a rule for an occasion of the routine one occasion',
    (when) => {
      expect(occasionRule('Before creating a PR we want to run the full test suite')).toBeDefined();
      expect(occasionRule(`Before creating a PR we want to run the full test suite ${when}`)).toBeUndefined();
    },
  );
});

describe('an occasion word names one occasion only as the head of its phrase (decision 110, amended)', () => {
  it.each([
    ['those release tags', 'Squash the commits, since those release tags always start with v'],
    ['these issue numbers', 'Link these issue numbers in the title of every pull request'],
    ['those bug fixes that', 'Squash the commits, including for those bug fixes that touch one line'],
    ['this feature flag', 'Default to off for this feature flag and every one after it'],
    ['that branch name', 'Squash the commits whatever that branch name says'],
  ])('"%s" names a kind of thing, not an occasion', (_phrase, sentence) => {
    expect(holdsForOneOccasion(sentence)).toBe(false);
  });

  it.each(['this release', 'these bug fixes', 'that issue', 'this pull request'])(
    '"%s" ends its phrase and still names one occasion, at a clause end and before a comma',
    (pointed) => {
      expect(holdsForOneOccasion(`Squash the commits on ${pointed}`)).toBe(true);
      expect(holdsForOneOccasion(`Squash the commits on ${pointed}, the history is noisy`)).toBe(true);
    },
  );

  it('"for this X <noun>" is no step at hand; "for this X" is', () => {
    expect(isOneOffStep('Run the unit tests only for this release checklist')).toBe(false);
    expect(isOneOffStep('Run the unit tests only for this release')).toBe(true);
  });

  it('"for this branch" is one occasion: a rule for the branch at hand ends with it', () => {
    expect(isOneOffStep('Please rebase instead of merging for this branch, the history must stay linear.')).toBe(true);
    expect(isOneOffStep('Please rebase instead of merging for every branch, the history must stay linear.')).toBe(false);
  });
});

describe('a default handover and a missing option with an occasion word as a modifier are still kept', () => {
  const user = (content: string): ModelMessage => ({ role: 'user', content });
  const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
  const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

  it.each([
    'If --release is not given, infer it from the latest tag, since those release tags always start with v.',
    'Change your default practice of committing to squashing, including for those bug fixes that touch one line.',
    'Change your default practice of pushing to opening a draft PR, and link these issue numbers in the title.',
  ])('%s', (said) => {
    expect(keptOf(said)).toEqual([said]);
  });

  it.each([
    'Change your default practice of committing to squashing, but only for this release.',
    'If --release is not given, infer it from the latest tag, just for this issue.',
  ])('the same shapes said for one occasion are not: %s', (said) => {
    expect(keptOf(said)).toEqual([]);
  });
});
