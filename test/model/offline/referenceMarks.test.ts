import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// What a reference is not: an editor's attached file, a task's number, a Markdown anchor and a file after "@" (decision 138). Sentences written for these tests.

describe('marks that only look like a channel or an address are no reference', () => {
  it.each([
    'Now wire the #file:billing.ts module into the flow in #file:ci.yml',
    'In #file:parse.js:12-20, explain what the regex does.',
    'Start working on #042',
    'Jump to #setup---local--install in the README.',
    'Read carefully and apply the fixes@server.py',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});

describe('a channel said as one, and a real address, stay references', () => {
  it.each([
    'Deploy notifications get posted to #deploys.',
    'Ask in the #infra channel before touching DNS.',
    'Security reports go to security@acme.io.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([said]);
  });
});
