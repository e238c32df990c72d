import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// What an independent review of decisions 136 and 137 found, both ways. Sentences written for the review, none from a corpus.

describe('lasting statements the first readings dropped are kept', () => {
  it.each([
    // "anymore" and a second clause say how things are now for good (136)
    "The old /v1 endpoint doesn't work anymore; use /v2/users.",
    "Python 3.8 doesn't work anymore with our deps, use 3.11.",
    // a prohibition of what a screen shows, and a standing quantifier (137)
    "Don't show API keys on the settings page.",
    'Do not display internal IDs in any table.',
    // a rule typed after "Now," or "Then" (137)
    'Now I want you to write all commit messages in English.',
    'Then you must run the migrations before starting the server.',
    // an action told with what keeps it (136)
    'I set it to use UTC everywhere, keep it that way.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).not.toEqual([]);
  });

  it("a confirmation after the praise, and the project's move beside its users", () => {
    expect(keptAfterAWorkTurn('Nice, now that is exactly how we structure services.')).not.toEqual([]);
    expect(keptAfterAWorkTurn('Most of our users moved to the v2 API last quarter, so v1 gets security fixes only.')).not.toEqual([]);
  });

  it("an event of the work, not of the program's screens, keeps its rule", () => {
    expect(keptAfterAWorkTurn('Any time a PR is opened, add the needs-review label.')).not.toEqual([]);
    expect(keptAfterAWorkTurn('Whenever a migration is checked in, regenerate the types.')).not.toEqual([]);
  });

  it('a fact followed by a request that ends in "now" stays a fact', () => {
    expect(keptAfterAWorkTurn('We moved the monorepo to Nx. Can you rerun the build now?').join(' ')).toContain('Nx');
  });
});

describe('symptoms and steps the first readings still saved are not', () => {
  it.each([
    "no, it doesn't appear on the chat page",
    "no, the page doesn't load in Safari",
    'no, the page is still blank',
    'no, the button does nothing',
    'no, the spinner keeps spinning',
    'I moved the config to config/app.yaml, please continue.',
    'src/api.ts(4,10): error TS2345: Argument of type string is not assignable.',
    'Whenever the bubble is clicked, toggle the panel.',
    'When the user taps a card, flip it.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});
