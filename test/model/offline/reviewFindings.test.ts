import { describe, expect, it } from 'vitest';
import { isReviewFindingLine } from '../../../src/model/offline/reviewFindings.js';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// A code review's findings pasted as a list, each with where or what in the code and a verdict on it, are a reviewer's
// output, not the person's rule (decision 144). Example messages written for these tests.

describe("a review's findings pasted as a list are no rule of the person's", () => {
  it.each([
    '1. Unused variable attemptCount at line 212 - incremented but never asserted',
    '2. Long test function - TestRetryBackoff (~120 lines) could be split into subtests with t.Run()',
    '- `loadProfile` is never closed after the early return',
    '3) session.go:88 - err is shadowed inside the loop',
    '* Missing error handling in readSettings() when the file is absent',
    'Unused import fmtHelper at line 14.',
    '1. The fetchUser helper is redundant, it duplicates getUser.',
    '- Dead code in render_footer at lines 40-55',
    'This retry logic duplicates similar code in sync_worker.go at lines 120-150 (in the StartSync function). Both handle the same case.',
    '- The comment on loadIndex() at line 30 could be misleading',
    'The comment on lines 88-90 is outdated. It still refers to the old function name loadUserRecord.',
  ])('%s', (line) => {
    expect(isReviewFindingLine(line)).toBe(true);
  });

  it('a pasted list of findings leaves nothing to keep', () => {
    const review = [
      'Two issues to fix:',
      '1. Unused variable attemptCount at line 212 - incremented but never asserted',
      '2. Long test function - TestRetryBackoff (~120 lines) could be split into subtests with t.Run()',
    ].join('\n');
    expect(keptAfterAWorkTurn(review)).toEqual([]);
  });

  it('keeps a rule of the person said after the findings', () => {
    const message = [
      'Two issues to fix:',
      '1. Unused variable attemptCount at line 212 - incremented but never asserted',
      '',
      'From now on, always run the race detector before you push.',
    ].join('\n');
    expect(keptAfterAWorkTurn(message)).toEqual(['From now on, always run the race detector before you push.']);
  });

  it.each([
    'Never leave an unused variable like attemptCount in a test.',
    'Always add a test when you touch parser.go:40.',
    'We keep functions under 50 lines; anything longer could be split.',
    '- Keep the attemptCount check, it is not redundant.',
    '1. Rename the module to billing_core.',
    'Lines over 100 characters could be split by prettier automatically.',
    "I don't want unused imports in the codebase.",
    '2. Use t.Run() for table-driven tests.',
  ])("the person's own rule that names a line or an identifier stays theirs: %s", (line) => {
    expect(isReviewFindingLine(line)).toBe(false);
  });

  it('and is kept as said', () => {
    expect(keptAfterAWorkTurn('Never leave an unused variable like attemptCount in a test.')).not.toEqual([]);
    expect(keptAfterAWorkTurn("I don't want unused imports in the codebase.")).not.toEqual([]);
  });
});

describe('a finding that a piece of code is outdated, pasted as prose (decision 144, amended)', () => {
  it('leaves nothing to keep, even with a fact of the change after it', () => {
    const pasted =
      'The comment on lines 88-90 is outdated. It still refers to the old function name loadUserRecord. After the rename, user IDs are now used directly without a lookup, so this comment should be updated.';
    expect(keptAfterAWorkTurn(pasted)).toEqual([]);
  });
});
