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

describe("the assistant's own words handed back, and a printed table, are not the person's", () => {
  const handedBack = [
    'Please update the notes file, then commit.',
    '',
    'In the next session, start with the weak spots you just identified, namely:',
    'Error Handling: The fetch wrapper swallows errors and should always rethrow them.',
    'Naming: We should ensure all hooks start with use, including new ones added in the future.',
    '',
    'Also, I want every page to COMPLETELY follow the style guide from now on.',
  ].join('\n');

  it('what the assistant identified goes; what the person says after it stays', () => {
    expect(keptAfterAWorkTurn(handedBack)).toEqual(['I want every page to COMPLETELY follow the style guide from now on.']);
  });

  it("a data frame's printout goes; a sentence of the person's about a dict stays", () => {
    const printout = [
      'Running the converter gives:',
      "2024-01-02 [{'street': '456 High St', 'city': 'London', 'country': 'UK'}]",
      '[3 rows x 5 columns]. Attempting conversion...',
      '',
      'We always store addresses as a list of dicts.',
    ].join('\n');
    expect(keptAfterAWorkTurn(printout)).toEqual(['We always store addresses as a list of dicts.']);
    const said = "Config keys look like {'timeout': 30, 'retries': 3} in settings.py, and we never hard-code them elsewhere.";
    expect(keptAfterAWorkTurn(said)).toEqual([said]);
  });
});

describe("a printed record's fields are a program's output", () => {
  it("the record goes, with no line announcing it; the person's sentence after it stays", () => {
    const pasted = [
      'Successfully converted user:',
      '  Name: Bob Jones',
      '  Age: 25',
      '  Email: bob@acme.io',
      '  Created: 2024-01-02 00:00:00',
      '  Addresses:',
      '    - 456 High St, London, UK',
      '',
      'We never store ages as strings.',
    ].join('\n');
    expect(keptAfterAWorkTurn(pasted)).toEqual(['We never store ages as strings.']);
  });

  it("a person's own indented conventions stay theirs", () => {
    const own = [
      'Our conventions:',
      '  Naming: kebab-case files',
      '  Tests: vitest only, never jest',
      '  Commits: conventional commits',
    ].join('\n');
    expect(keptAfterAWorkTurn(own).join(' ')).toContain('never jest');
  });
});
