import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// A norm or a preference in a long task prompt says what to build, unless a lasting word or the person's own "I / we"
// makes it how work goes (decision 140). A prompt written for these tests.
const TASK = [
  'Build the export feature for the reports page, following the design we discussed yesterday with the product team:',
  '1. Add an Export button to the toolbar, next to the existing Print button, with the same size and spacing.',
  '2. Write the CSV with a header row and one line per report, using the column names shown in the table.',
  '3. Add a test for the filtered case and one for an empty report list, both in the reports test file.',
  '',
];
const inTask = (said: string): string[] => keptAfterAWorkTurn([...TASK, said].join('\n'));

describe("a task prompt's norms", () => {
  it.each([
    'If the report service is down or returns nothing, return an empty file instead of throwing a 500 error.',
    'Keep the ON CONFLICT clause to prevent duplicate rows.',
  ])('what to build is not kept: %s', (said) => {
    expect(inTask(said)).toEqual([]);
  });

  it.each(['Tests should always run against the staging database.', 'We prefer plain CSS modules over styled-components.'])(
    'a lasting word or the person speaking of their own ways keeps a rule: %s',
    (said) => {
      expect(inTask(said)).toEqual([said]);
    },
  );
});
