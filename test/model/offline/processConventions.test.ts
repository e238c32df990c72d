import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { assistant, keptAfterAWorkTurn, user } from '../../support/keptAfterAWorkTurn.js';
import { isProcessConvention } from '../../../src/model/offline/processConventions.js';

// Conventions said as what is done, in the present, of a kind of process artefact (decision 126). Sentences written
// for these tests, none taken from a corpus.
const kept = keptAfterAWorkTurn;

describe('a convention said in the present of a kind of process artefact is kept', () => {
  it.each([
    'Commit messages follow the angular format.',
    'Releases are cut from the stable branch.',
    'Release tags look like v2.0.0-rc.1.',
    'Hotfix branches branch off main.',
    'Database migrations are written by hand.',
    'Integration tests run against a real Postgres.',
    'Every commit is signed with the team key.',
    'Tickets are tracked in Linear.',
    'Our docs are generated from the OpenAPI file.',
    'PR titles start with the ticket number.',
    'Unit tests use old-style fixtures.',
  ])('%s', (sentence) => {
    expect(isProcessConvention(sentence)).toBe(true);
    expect(kept(sentence)).toEqual([sentence]);
  });
});

describe('the same grammar that sets no convention is not kept by it', () => {
  it.each([
    // What the code does: its subject is no process artefact (decision 126 records the choice).
    'The parser returns null on empty input.',
    'Errors are logged with the request id.',
    'Requests are retried three times.',
    // The work at hand: one thing pointed at, or one occasion.
    'Commit this to the release branch.',
    'These tests use the old fixture.',
    'Releases are cut tomorrow.',
    'Tags are pushed from the hotfix branch for now.',
    'Hotfixes branch from v1.4 until it ships.',
    // A symptom, a state, the past, a question, a bare passive.
    'Tests fail on the CI runner.',
    'Tests are failing on main.',
    'Migrations are broken since the upgrade.',
    'Tests were run against staging.',
    'Do commit messages follow the angular format?',
    'Tests are skipped.',
    // Work still to do and a symptom said with a verb of the convention.
    'Docs need updating.',
    'Tests use too much memory.',
    // A judgement of what is there, or the person's own situation (review).
    'Tests use the wrong port.',
    'Releases include the broken binary.',
    'Issues are assigned to me.',
    'Tests run on my laptop.',
  ])('%s', (sentence) => {
    expect(isProcessConvention(sentence)).toBe(false);
  });

  it('nor kept by any finder when it says what the code does or what is at hand', () => {
    expect(kept('Errors are logged with the request id.')).toEqual([]);
    expect(kept('Releases are cut tomorrow.')).toEqual([]);
    expect(kept('Do commit messages follow the angular format?')).toEqual([]);
  });
});

describe('where it is said', () => {
  const longIntro =
    'The billing service is what finance reads every morning, so the pipeline below has to keep its current output for ' +
    'every existing client while the new release flow comes in piece by piece, and none of the old jobs may be stopped ' +
    'before the new ones have run side by side with them for a full week of real traffic and matched their totals.';

  it('a numbered step of a task prompt describes the work to build', () => {
    const prompt = `${longIntro}\n1. Releases are cut from the stable branch.\n2. Add the workflow file.\n3. Wire the secrets.`;
    expect(findMemoryStatements([user(prompt), assistant('Understood.')]).map((s) => s.text)).toEqual([]);
  });

  it('said after the steps, in the person’s own paragraph, it is kept', () => {
    const prompt = `${longIntro}\n1. Add the workflow file.\n2. Wire the secrets.\n3. Run it once.\n\nCommit messages follow the angular format.`;
    expect(findMemoryStatements([user(prompt), assistant('Understood.')]).map((s) => s.text)).toEqual([
      'Commit messages follow the angular format.',
    ]);
  });

  it('pasted in a code block it is not the person’s', () => {
    const pasted = 'Here is the old CONTRIBUTING file:\n```\nCommit messages follow the angular format.\n```\nCan you shorten it?';
    expect(kept(pasted)).toEqual([]);
  });
});
