import { describe, expect, it } from 'vitest';
import { actsOnLink, isRequestAtHand } from '../../../src/model/offline/requestAtHand.js';

// A request about the work at hand is no standing rule (decision 123). Example sentences written for these tests.
describe('a request whose object is a thing of this moment', () => {
  it('a file attached with "@" as the thing worked on', () => {
    expect(isRequestAtHand('Rename the cache helper in @src/store.ts to loadEntry, then check @src/index.ts.')).toBe(true);
    expect(isRequestAtHand('Update @docs/setup.md for this project, the Rails one.')).toBe(true);
  });

  it('a convention file followed, a handle or a lasting word is no request at hand', () => {
    expect(isRequestAtHand('Please follow @STYLE.md when you write new modules.')).toBe(false);
    expect(isRequestAtHand('Ask @maria before you change the schema.')).toBe(false);
    expect(isRequestAtHand('Always update @CHANGELOG.md when you bump a version.')).toBe(false);
  });

  it('"there", "for this" and a state checked now', () => {
    expect(isRequestAtHand('Leave the old fixture there as a sample.')).toBe(true);
    expect(isRequestAtHand("Don't use the browser tool for this.")).toBe(true);
    expect(isRequestAtHand('Make sure the staging worker is using the new queue.')).toBe(true);
  });

  it('the same words with an occasion, a kind or a lasting scope stay a rule', () => {
    expect(isRequestAtHand('Make sure the build is passing before you merge.')).toBe(false);
    expect(isRequestAtHand('Never use the browser tool to reach internal dashboards.')).toBe(false);
    expect(isRequestAtHand("Don't use the browser tool for this kind of check.")).toBe(false);
    expect(isRequestAtHand('Is there a changelog? Keep it there going forward.')).toBe(false);
  });

  it('a step of looking or restoring put in place of another', () => {
    expect(isRequestAtHand('Instead of reinstalling everything, diff the lock file against the staging copy.')).toBe(true);
    expect(isRequestAtHand('Instead of mocking the database, use the real one in tests.')).toBe(false);
  });

  it('a step that hangs on how the work just done turns out; a condition naming a kind of event stays a rule', () => {
    for (const step of [
      'If you see improvement, push the changes please.',
      'See how it could benefit and then if after making the change you see improvement push the changes to the site.',
      'If it works, commit it.',
      'Once that looks good, merge the PR.',
      'When the fix helps, open a pull request for it.',
    ])
      expect(isRequestAtHand(step), step).toBe(true);
    for (const rule of [
      'If you touch the schema, run the migrations.',
      'When you add a dependency, pin its version.',
      'If it works, always squash before pushing.',
      'Once a release is tagged, update the changelog.',
    ])
      expect(isRequestAtHand(rule), rule).toBe(false);
  });

  it('what was just pasted, placed in one file, even counted by "each"', () => {
    expect(isRequestAtHand('Give each label a heading and add this to the contributing guide.')).toBe(true);
    expect(isRequestAtHand('Always add these to the changelog.')).toBe(false);
  });

  it('a document at hand read before "any" change, unless a lasting word of time says more', () => {
    expect(isRequestAtHand('Read this spec carefully before you touch any code.')).toBe(true);
    expect(isRequestAtHand('Review this proposal before making any changes.')).toBe(true);
    expect(isRequestAtHand('Always read this checklist before any release.')).toBe(false);
    expect(isRequestAtHand('Review this repo before making any changes.')).toBe(false);
  });
});

describe('a link a request acts on', () => {
  it('consent or an order to make something from the link', () => {
    expect(actsOnLink('Yes, go ahead and import the tickets from https://example.org/boards/roadmap.')).toBe(true);
    expect(actsOnLink('Use the scaffold skill to build a client for this API: https://example.org/api')).toBe(true);
    expect(actsOnLink('Clone https://example.org/acme/widgets and run its tests.')).toBe(true);
  });

  it('where things are kept, or a link to consult every time, is a reference', () => {
    expect(actsOnLink('Our tickets live on https://example.org/boards/roadmap.')).toBe(false);
    expect(actsOnLink('See https://wiki.example.org/runbook for the deploy steps.')).toBe(false);
    expect(actsOnLink('Read https://wiki.example.org/runbook every time before a deploy.')).toBe(false);
  });
});
