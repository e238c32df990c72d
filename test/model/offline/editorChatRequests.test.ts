import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// Requests typed in other editors' chats: a file attached as "#file:", "this chat", a request only to look or to ship,
// and one code literal swapped for another (decision 139). Sentences written for these tests.

describe('the work at hand in an editor chat is not kept', () => {
  it.each([
    "The jobs in #file:deploy.yml shouldn't all be named 'build'.",
    'Instead of the loop in #file:parse.ts:10-14, I want the parser to stop at the first blank line.',
    'Do not include anything that is not from the history of this chat.',
    'DO NOT modify code, JUST identify where the bug is and why.',
    "Don't make any changes or do anything besides commit and push this.",
    'Same for the footer: foot- instead of -foot.',
    'Instead of matching `.yml` in `if (name.endsWith(".yml"))`, match `.yaml` as well.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});

describe('the same words said as how work goes are kept', () => {
  it.each([
    'Never modify code, just identify the issue when I ask a question.',
    "Don't change any code unless I ask.",
    'Use `pnpm` instead of `npm`.',
    'Prefer `.tsx` files instead of `.jsx`.',
    'Always read #file:CONTRIBUTING.md before you open a pull request.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).not.toEqual([]);
  });
});
