import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// An order right after "Imagine…" describes the scenario imagined, not how to work (decision 106). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I read the design.'), user(said)]).map((s) => s.text);

describe('an order that describes an imagined scenario', () => {
  it.each([
    "So imagine the release job for the docs site. Don't publish the pages directly, but first build a preview and list what changed.",
    "Suppose the importer gets a broken row. Don't stop the import, just log the row and go on.",
    'Picture a new hire opening the repo. Keep the README short and put the setup steps first.',
  ])('is not kept: %s', (said) => {
    expect(kept(said)).toEqual([]);
  });
});

describe('a rule said next to a scenario', () => {
  it('with a lasting word, is kept', () => {
    expect(kept('Imagine a user uploads a 2 GB file. Never load uploads into memory at once.').join(' ')).toContain(
      'Never load uploads into memory at once.',
    );
  });

  it('after a sentence that only opens with the noun "picture", is kept', () => {
    const said = "Picture quality matters a lot to our users. Don't commit originals over 1 MB.";
    expect(kept(said)).toEqual([said]);
  });

  it('said alone, is kept', () => {
    expect(kept("Don't write source code in Markdown files.")).toEqual(["Don't write source code in Markdown files."]);
  });
});

describe('an opener that sets a condition for a rule frames no scenario', () => {
  // "Suppose you…", "Let's say the API is down": the order after it says what to do then.
  it.each([
    ['Suppose you are unsure about a requirement. Ask me instead of guessing.', 'Ask me instead of guessing.'],
    ["Let's say the API is down. Don't retry more than 3 times.", "Don't retry more than 3 times."],
    ["Imagine you're about to delete files. Ask me first.", 'Ask me first.'],
    [
      'Suppose you hit a merge conflict in the lockfile. Regenerate it rather than hand-editing it.',
      'Regenerate it rather than hand-editing it.',
    ],
  ])('the rule is kept: %s', (said, rule) => {
    expect(kept(said).join(' ')).toContain(rule);
  });
});

describe('a sentence that only looks like an opener frames no scenario', () => {
  it.each([
    ["Supposedly the build is flaky. Don't retry failed jobs, fix the flake.", "Don't retry failed jobs, fix the flake."],
    ['Imagined or not, the slowdown matters. Prefer streaming over buffering.', 'Prefer streaming over buffering.'],
    ['Suppose so. Prefer named exports.', 'Prefer named exports.'],
    ["Say the word and I'll merge. Use pnpm, not npm.", 'Use pnpm, not npm.'],
    ["Imagine how slow that was! Don't use synchronous fs calls.", "Don't use synchronous fs calls."],
    ["Suppose that's fine.\n\nUse pnpm, not npm.", 'Use pnpm, not npm.'],
  ])('the rule is kept: %s', (said, rule) => {
    expect(kept(said).join(' ')).toContain(rule);
  });

  it('an opener frames nothing in the next paragraph', () => {
    expect(kept('Suppose the importer gets a broken row.\n\nUse pnpm, not npm.').join(' ')).toContain('Use pnpm, not npm.');
  });
});
