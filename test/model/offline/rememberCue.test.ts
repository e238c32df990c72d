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
