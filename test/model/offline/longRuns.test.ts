import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { AFTER_REASON } from '../../../src/model/offline/askAnswers.js';
import { TRAILING_PREMISE } from '../../../src/model/offline/environmentFacts.js';
import { RUN_ON_BREAKS } from '../../../src/model/offline/statementPieces.js';
import { TAG_QUESTION } from '../../../src/model/offline/statementFinders.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });

// A pattern that takes a run of any length before its words is tried from each character of a long
// run and scans the rest of it every time: quadratic. Bounded, it never spans more than a few
// characters of the run, which is what these tests look at (decision 97). Sentences invented here.
describe('the cues never span a long run of spaces, commas or newlines', () => {
  const RUN = 50;

  it('a tag question takes at most four commas or spaces before it', () => {
    const match = TAG_QUESTION.exec(`We always squash merge${','.repeat(RUN)} right?`);
    expect(match?.[0]).toBe(',,, right?');
  });

  it('a run-on break takes at most three spaces before its words', () => {
    const match = new RegExp(RUN_ON_BREAKS.source, 'i').exec(`the bundler works${' '.repeat(RUN)}and also ships`);
    expect(match?.[0]).toBe('   and also ');
    const comma = new RegExp(RUN_ON_BREAKS.source, 'i').exec(`the bundler works,${' '.repeat(RUN)}and it ships`);
    expect(comma).toBeNull();
  });

  it('the note after a refusal reason is found from its own line', () => {
    const match = AFTER_REASON.exec(`Use tabs.${'\n'.repeat(RUN)}Note: The user's next message may contain a correction.`);
    expect(match?.[0]).toBe("\nNote: The user's next message may contain a correction.");
  });

  it('a premise after a question takes at most four commas or spaces before it', () => {
    const match = TRAILING_PREMISE.exec(`Why keep the Vercel config${','.repeat(RUN)} now that we deploy with Wrangler?`);
    expect(match?.[1]).toBe(`Why keep the Vercel config${','.repeat(RUN - 3)}`);
  });
});

describe('a message with a long run between its words is read as it would be without it', () => {
  const LONG = 50_000;

  it('spaces or tabs between the words of a rule count as one space', () => {
    for (const run of [' ', '\t', ' \t']) {
      const found = findMemoryStatements([user(`We always use pnpm${run.repeat(LONG)}for installs.`)]);
      expect(found.map((s) => [s.type, s.text])).toEqual([['feedback', 'We always use pnpm for installs.']]);
    }
  }, 60_000);
});
