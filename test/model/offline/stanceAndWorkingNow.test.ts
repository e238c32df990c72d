import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 148), none taken from a corpus.
describe('an adverb of stance between the person and "prefer" keeps the preference (decision 148)', () => {
  kept('feedback', [
    'I actually prefer tabs over spaces.',
    'For the docs site, I actually prefer the darker theme.',
    'I really do prefer squash merges.',
    'I honestly prefer small pull requests.',
    'I still prefer Prettier defaults.',
    'I personally prefer named exports.',
    'I actually like short commit messages.',
    'I strongly prefer integration tests over mocks.',
  ]);
  notKept(['I actually like it.', 'I still prefer it.', 'I actually prefer this one?']);
});

describe('a report that something works now is no fact, even noted (decision 148)', () => {
  notKept([
    'note: auto strategy seems to work',
    'Note: the login flow works now.',
    'The shading is now correct.',
    'Remember: the export looks to be working.',
    'The retry logic seems to work.',
    'note: the migration passes now',
    'The sidebar now renders.',
    'FYI the cache is now fixed.',
    'The spacing is now correct, but I still feel the steps are too coarse rather than smooth.',
  ]);
  kept('project', ['note: staging deploys take 20 minutes', 'Note: the billing service lives in the payments repo.']);
});
