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
