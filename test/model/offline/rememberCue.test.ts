import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// Invented sentences of each kind (decision 123, amended): the explicit cue after an acknowledgement, and an order
// timed by the end of the work at hand.
describe('"remember" after an acknowledgement and a "but"', () => {
  it.each([
    ['ok, but remember that some of our feeds are hourly, so daily averages mislead there', 'feeds are hourly'],
    ['fine, but remember that a few customers still run the old API', 'customers still run the old API'],
    ['Okay but remember that the staging bucket is shared with QA', 'staging bucket is shared with QA'],
    ['and remember that staging has its own database', 'staging has its own database'],
  ])('keeps what follows the cue: %s', (said, held) => {
    const kept = keptAfterAWorkTurn(said);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.toLowerCase()).toContain(held.toLowerCase());
    expect(kept[0]).not.toMatch(/^(?:ok|fine|okay|and|but)\b/i);
  });

  it('keeps an instruction as the order it gives, without the "to" of the cue', () => {
    expect(keptAfterAWorkTurn('Remember to run the linter before every commit.')).toEqual(['Run the linter before every commit.']);
  });

  it('keeps nothing of a cue that points at something that happened', () => {
    expect(keptAfterAWorkTurn("remember that timeout from yesterday? it's back")).toEqual([]);
  });

  it('reads the cue the same after any acknowledgement and joining word', () => {
    const fact = 'the payments service keeps its own schema';
    const alone = keptAfterAWorkTurn(`remember that ${fact}`);
    expect(alone).toHaveLength(1);
    fc.assert(
      fc.property(
        fc.constantFrom('ok', 'okay', 'fine', 'sure', 'yes', 'yeah', 'right', 'got it'),
        fc.constantFrom(', ', '. ', ' ', '! '),
        fc.constantFrom('but ', 'and ', 'also ', ''),
        (ack, mark, join) => {
          expect(keptAfterAWorkTurn(`${ack}${mark}${join}remember that ${fact}`)).toEqual(alone);
        },
      ),
    );
  });
});

describe('an order timed by the end of the work at hand', () => {
  it.each([
    "ok, but remember to push when you're done",
    'Make sure to update the changelog after this',
    "remember to rebase once it's merged",
    'Please commit once you finish',
  ])('is a step of that work: %s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });

  it.each([
    ["Always run the linter when you're done", 'Always run the linter'],
    ["Remember to squash commits when you're done with a feature", 'Squash commits'],
  ])('stays a rule with a lasting word or a general occasion: %s', (said, held) => {
    const kept = keptAfterAWorkTurn(said);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain(held);
  });
});

// Invented sentences: two dots typed as a pause between thoughts, and an order to ship with a check (decision 123, amended).
describe('two dots between clauses', () => {
  it('end a sentence when a whole clause stands on each side', () => {
    expect(keptAfterAWorkTurn('we always squash merge our branches..never rebase onto main by hand')).toEqual([
      'We always squash merge our branches.',
      'Never rebase onto main by hand',
    ]);
  });

  it('leave a revision range and a letter range as typed', () => {
    expect(keptAfterAWorkTurn('Never use ranges like a..z in the regex for this project.')).toEqual([
      'Never use ranges like a..z in the regex for this project.',
    ]);
    expect(keptAfterAWorkTurn('We always compare with git diff main..feature before we open a PR.')).toEqual([
      'We always compare with git diff main..feature before we open a PR.',
    ]);
  });

  it('leave a short side, a range and a path as typed', () => {
    expect(keptAfterAWorkTurn('we deploy with fly..never with heroku')).toEqual(['We deploy with fly..never with heroku']);
    expect(keptAfterAWorkTurn('We always keep the ../src layout for packages')).toEqual(['We always keep the ../src layout for packages']);
  });

  it('let an order to ship now with a check of it stay a step, and a lasting one a rule', () => {
    expect(keptAfterAWorkTurn('Push and make sure the branch is linked to the ticket.')).toEqual([]);
    expect(keptAfterAWorkTurn('Always commit and push when a task is done')).toEqual(['Always commit and push when a task is done']);
  });

  it('let an order to ship now, continued after a pause, stay a step', () => {
    expect(
      keptAfterAWorkTurn(
        'Push and make sure the branch is linked to the ticket..if not link it..but really make sure that part is done first',
      ),
    ).toEqual([]);
  });
});
