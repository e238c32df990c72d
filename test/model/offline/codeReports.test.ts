import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { describesBehaviour } from '../../../src/model/offline/codeReports.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// What a review, a test plan or a bug report says of the code reads like a rule by its "never" or "should" and sets
// none (decision 116). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I looked at the retry code.'), user(said)]).map((s) => s.text);

describe('what the code does, said with a frequency word, is no rule', () => {
  it.each([
    'Always returns nil when the lookup times out.',
    'Never closes the file handle after a failed read.',
    'It always retries the whole batch, even after one item failed.',
    'The upload finishes, but the temp folder is never removed.',
    'The fallback branch is never exercised by the suite.',
    "The importer's cleanup hook is always called twice.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });
});

describe('the same words said as how to work stay a rule', () => {
  it.each([
    'Always return early when the lookup times out.',
    'Never close the connection pool by hand.',
    'Always tabs, never spaces.',
    'The main branch is never force-pushed.',
    'Migrations are never edited after they ship.',
  ])('%s', (said) => {
    expect(kept(said)).toEqual([said]);
  });
});

describe('what one thing did, always or never, is history and no rule (decision 150)', () => {
  it.each([
    'The cleanup hook never actually ran, and it is an odd case anyway.',
    'The nightly export (runExport) never worked on the old server.',
    'The import has always failed on Windows.',
    'This check never caught a single real bug.',
  ])('%s', (said) => {
    expect(describesBehaviour(said)).toBe(true);
    expect(kept(said)).toEqual([]);
  });

  it.each([
    'The main branch is never force-pushed.',
    'The main branch has never been force-pushed.',
    'This repo has always used tabs.',
    'The deploy script has always used pnpm, keep it that way.',
    'The old importer never worked offline, so always run it with the network on.',
    'Never merged code goes to the release branch without review.',
    'Always run the linter.',
  ])('an order or a convention stays: %s', (said) => {
    expect(describesBehaviour(said)).toBe(false);
    expect(kept(said)).toEqual([said]);
  });
});

describe('the result a step should give is no norm', () => {
  it.each([
    'Run the suite again - existing tests should pass',
    'Should see a short note instead of the raw error',
    'Should show a summary line after the import',
    'You should see the login page now',
    'After the fix, later runs should work normally',
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });

  it.each(['Tests should always pass before you push.', 'Every endpoint should return JSON, never HTML.'])(
    'said with a lasting word it stays: %s',
    (said) => {
      expect(kept(said)).toEqual([said]);
    },
  );
});

describe('a finding labelled with its severity is no statement of the person', () => {
  it('a severity label opening a sentence in the middle of a line', () => {
    expect(kept('I read the report. High: the token is logged on every retry, even when the request succeeds.')).toEqual([]);
  });

  it('a label followed by the person’s own rule stays theirs', () => {
    expect(kept('nit: we always use single quotes in this repo')).toHaveLength(1);
  });
});

describe('a condition whose comma sits inside brackets', () => {
  it('is no rule without a main clause after the brackets', () => {
    expect(kept('If you need the old numbers (like totals, ratios, or raw rows)')).toEqual([]);
  });

  it('reads the main clause after the brackets', () => {
    const said = 'If you change the schema (the SQL files, the seeds), regenerate the types.';
    expect(kept(said)).toEqual([said]);
  });
});

describe('keeping what is pointed at is no preference', () => {
  it('"keep it" at the end of a clause is the thing at hand', () => {
    expect(kept("Just delete the scratch folder, we don't need to keep it")).toEqual([]);
  });

  it('"keep it" with what it should stay is a preference', () => {
    expect(kept('We keep them all in TypeScript, please.')).toHaveLength(1);
  });
});

describe("a linter's finding at its position is no rule (decision 137)", () => {
  it.each([
    "Line 8:29: 'retryDelay' is assigned a value but never used no-unused-vars",
    "Line 14:3: 'token' is never reassigned. Use 'const' instead prefer-const",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });

  it('the rule the person draws from it stays', () => {
    expect(kept('Never leave unused variables behind.')).toEqual(['Never leave unused variables behind.']);
  });
});
