import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 104), none taken from a corpus.
describe('a past operation on the project, and that it was a one-off, stays true (decision 104)', () => {
  kept('project', [
    'We did a migration from MongoDB to Postgres last year.',
    'We did a migration from v1/sessions to v2/checkpoints, but that was a one-off.',
    'I ran a rename of the packages from @old to @acme.',
    'The v1 to v2 migration was a one-time thing.',
    'The rename from foo to bar was a one-off operation.',
    'That cleanup script was a one-off.',
  ]);
  notKept([
    'Do a migration from MongoDB to Postgres.',
    'Can we do a migration from MongoDB to Postgres?',
    "We'll do a migration from MongoDB to Postgres next.",
    'Run the backfill once.',
    'It was a one-off.',
    'That was a one-off.',
    'Is this a one-off?',
    'The crash was a one-off, it did not happen again.',
  ]);
});
