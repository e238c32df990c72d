import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { answersAssistantsHeading, answersPlanPoint } from '../../../src/model/offline/planPointAnswers.js';
import { settlesOfferedStep } from '../../../src/model/offline/offerAnswers.js';
import { assistant, user } from '../../support/keptAfterAWorkTurn.js';

// An answer to a point of the plan at hand, named by its number or letter, or a reply that settles the step the
// assistant offered, decides this plan, not how work goes (decision 144). Example messages written for these tests.

const PLAN = [
  'Here is the plan:',
  '1. Move the fixtures into test/data.',
  '2. Rename the loader.',
  '3. Drop the legacy flag.',
  'Option A keeps the cache, option B removes it. Want me to go ahead?',
].join('\n');

const keptAfterPlan = (reply: string): string[] =>
  findMemoryStatements([user('Plan the cleanup of the test loader.'), assistant(PLAN), user(reply)]).map((s) => s.text);

describe('an answer to a point of the plan at hand is no rule', () => {
  it.each([
    "On bullet 1, don't move the whole folder, only the two JSON fixtures.",
    'For point 2: keep the old name.',
    'Re option B: yes, drop the cache.',
    'Bullets 1 and 3 are fine.',
    'Yes, bullet 2 and bullet 3 are okay.',
    'As for step 3, skip it for now and use the existing flag.',
    "Option A sounds good, but don't add the retry wrapper.",
    'Regarding question 2: use the shared config.',
    'Point 1 - I prefer the simpler version without the symlink.',
    "Item 2: don't rename the exported function.",
  ])('%s', (reply) => {
    expect(answersPlanPoint(reply)).toBe(true);
    expect(keptAfterPlan(reply)).toEqual([]);
  });

  it('keeps a lasting statement said after the answer in the same message', () => {
    const kept = keptAfterPlan('For point 2: keep the old name.\n\nAlso, from now on always run the loader tests before pushing.');
    expect(kept).toEqual(['From now on always run the loader tests before pushing.']);
  });

  it.each([
    'On point 2, always run the linter before committing from now on.',
    'We always squash commits before merging.',
    'Option parsing should always go through the config module.',
    'Point releases are cut from the release branch.',
    'Questions about billing go to the finance channel.',
    'For point releases we never bump the minor version.',
    'Step 1 of every release is tagging the commit.',
    'Questions 1 and 2 of the onboarding survey are always required.',
    'Step definitions live in features/steps, never next to the feature files.',
  ])('a rule that only names a step, a point or an option stays: %s', (sentence) => {
    expect(answersPlanPoint(sentence)).toBe(false);
    expect(keptAfterPlan(sentence)).not.toEqual([]);
  });
});

describe('a reply that settles the step the assistant offered', () => {
  const offer = 'The hook now logs stop. Should I also rename the event in the parser? Or leave that as a separate cleanup?';

  it.each(['yeah that should be a session-end', 'Yes, that should go in the same PR.', 'It should wait until the release.'])(
    '%s',
    (reply) => {
      expect(settlesOfferedStep(offer, reply)).toBe(true);
      expect(findMemoryStatements([assistant(offer), user(reply)])).toEqual([]);
    },
  );

  it('keeps a lasting reply, and a pointing reply to no offer', () => {
    expect(settlesOfferedStep(offer, 'Yes, that should always go in the changelog from now on.')).toBe(false);
    expect(settlesOfferedStep('I renamed the event in the parser.', 'That should be a session-end.')).toBe(false);
    expect(settlesOfferedStep('Which format do you use for dates?', 'That is always ISO 8601 in this repo.')).toBe(false);
  });
});

describe("a reply that names one of the assistant's points by its words", () => {
  const review = [
    '**Separate cleanup**: the parser still logs the old event name.',
    '**Fixture layout**: the JSON files sit beside the tests.',
    '**Retry policy**: three attempts, no backoff.',
  ].join('\n\n');
  const keptAfterReview = (reply: string): string[] => findMemoryStatements([assistant(review), user(reply)]).map((s) => s.text);

  it.each([
    'About the separate cleanup: yeah, that should happen at session end.',
    'Re the retry policy: make it five attempts.',
    'Regarding fixture layout: move them into testdata.',
  ])('%s', (reply) => {
    expect(answersAssistantsHeading(reply, review)).toBe(true);
    expect(keptAfterReview(reply)).toEqual([]);
  });

  it("keeps a lasting answer, the person's own ways, and a heading the assistant never made", () => {
    expect(answersAssistantsHeading('Re the retry policy: make it five attempts, always with jitter.', review)).toBe(false);
    expect(answersAssistantsHeading('About fixture layout: we keep fixtures in testdata in every repo.', review)).toBe(false);
    expect(answersAssistantsHeading('About the deploy window: skip Fridays.', review)).toBe(false);
    expect(keptAfterReview('Re the retry policy: make it five attempts, always with jitter.')).not.toEqual([]);
  });
});
