import { describe, expect, it } from 'vitest';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';

describe('memoryDescription (decision 68)', () => {
  it.each([
    ['I realized something. Tests run against a real Postgres, never mocks.', 'Tests run against a real Postgres, never mocks.'],
    ['One more thing: the API keys live in 1Password.', 'One more thing: the API keys live in 1Password.'],
    ['Okay. So. Releases go out on Tuesdays.', 'Releases go out on Tuesdays.'],
    ['Here is the rule:\nAlways open a draft PR first.', 'Always open a draft PR first.'],
    ['Used 2 tools\nWe moved the docs to Notion.', 'We moved the docs to Notion.'],
  ])('%s', (text, description) => {
    expect(memoryDescription(text)).toBe(description);
  });

  it('keeps whole sentences while they fit, else cuts on a whole word without an ellipsis', () => {
    const first = 'Deploys happen from the release branch.';
    const long = `${first} ${'The release branch is cut every second Tuesday by whoever is on call that week. '.repeat(2)}`;
    expect(memoryDescription(long)).toBe(`${first} The release branch is cut every second Tuesday by whoever is on call that week.`);
    const oneSentence = `Every ${'very '.repeat(40)}long rule.`;
    const cut = memoryDescription(oneSentence);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut).toMatch(/very$/);
  });
});
