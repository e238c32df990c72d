import { describe, expect, it } from 'vitest';
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
