import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 146), none taken from a corpus.
describe('an option weighed, not chosen, keeps its lasting word to itself (decision 146)', () => {
  notKept([
    'The easiest thing would be to always use the parent colour.',
    'The simplest fix could be to never retry on a timeout.',
    'One quick way, the cheapest option, would be to always rebuild the index on start.',
    'The quickest route would probably be to always pin the versions.',
    'The easiest thing to do, in theory, would be to always cache the tokens.',
    'Another option would be to never ship the source maps, but we need to validate this first.',
    'Theoretically we could always run the migrations on boot, but we need to check that.',
    'The cleanest approach might be to always go through the gateway, but that needs to be validated.',
    'An idea would be to never expose the admin port, to be confirmed.',
  ]);
  kept('feedback', [
    'Always use the parent colour for the caps.',
    'The best approach is to always write the test first.',
    'Never retry on a timeout, we need the error to surface.',
    'We always pin the versions in this repo.',
  ]);
  notKept(['The easiest way to run the tests would be a question for the CI team?']);
});
