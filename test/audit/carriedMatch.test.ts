import { describe, expect, it } from 'vitest';
import { haystackOf, judgeCarried, restatedIn } from '../../src/audit/carriedMatch.js';

describe('whether a summary carries an item (offline, by terms and entities)', () => {
  it('a rule quoted word for word is kept', () => {
    const hay = haystackOf(['Summary:\n1. Primary Request\n   - "Never push to main without a green CI run."']);
    expect(judgeCarried('Never push to main without a green CI run.', hay).verdict).toBe('kept');
  });

  it('the same rule in other words, its names kept, is paraphrased', () => {
    const hay = haystackOf(['The user wants CI to be green before anything is pushed to the main branch; work goes on feature branches.']);
    expect(judgeCarried('Never push to main without a green CI run.', hay).verdict).toBe('paraphrased');
  });

  it('a rule the summary does not mention is lost', () => {
    const hay = haystackOf(['We fixed the flaky login test and updated the README.']);
    expect(judgeCarried('Never push to main without a green CI run.', hay).verdict).toBe('lost');
  });

  it('a fact whose value the summary lacks is not kept, even when its words are there', () => {
    const hay = haystackOf(['The staging API runs on a port the user gave.']);
    expect(judgeCarried('The staging API runs on port 8080.', hay).verdict).not.toBe('kept');
  });

  it('words spread over a long summary do not count as carrying an item: they must be near each other', () => {
    const filler = Array.from({ length: 10 }, (_, i) => `filler line ${i} about other things`);
    const lines = ['push the docs', ...filler, 'the main idea', ...filler, 'a green light', 'CI'];
    expect(judgeCarried('Never push to main without a green CI run.', haystackOf([lines.join('\n')])).verdict).toBe('lost');
  });

  it('a file is carried when its name is', () => {
    const hay = haystackOf(['3. Files and Code Sections:\n   - src/server/routes.ts (changed)']);
    expect(judgeCarried('src/server/routes.ts', hay, { file: true }).verdict).toBe('kept');
    expect(judgeCarried('src/server/auth.ts', hay, { file: true }).verdict).toBe('lost');
  });

  it('a message that says a lost rule again is found as its restatement', () => {
    const later = ['looks good', 'I told you already: never push to main until CI is green!'];
    expect(restatedIn('Never push to main without a green CI run.', later)).toBe(1);
    expect(restatedIn('The staging API runs on port 8080.', later)).toBeUndefined();
  });
});
