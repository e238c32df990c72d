import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { pointerToAFile } from '../../../src/model/offline/pointerToAFile.js';

// A file to look in for a kind of information (decision 128). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) =>
  findMemoryStatements([user('Update the contributor guide.'), assistant('I added a section on tests.'), user(said)]);
const kept = (said: string) => found(said).map((s) => [s.type, s.text]);

describe('a file to look in for a topic', () => {
  it('is a reference, kept as said', () => {
    for (const said of [
      'For release steps, see docs/RELEASING.md.',
      'See docs/api.md for the API.',
      'Refer to docs/OPS.md for the deploy commands.',
      'Point to docs/CONTRIBUTING.md for setup instructions.',
      'The release steps are documented in docs/RELEASING.md.',
    ])
      expect(kept(said), said).toEqual([['reference', said]]);
  });

  it('a file told to point at another keeps the pointer, from its verb on, without the attach mark', () => {
    expect(kept('Have the README point to @docs/SETUP.md for setup.')).toEqual([['reference', 'Point to docs/SETUP.md for setup.']]);
  });

  it('a thing of the moment, the steps or details alone, or a topic at hand is no pointer', () => {
    for (const said of [
      'See src/db.ts for the bug.',
      'Check README.md for the error.',
      'Refer to PLAN.md for the steps.',
      'Look at @notes/REVIEW.md for existing issues.',
      'For this, see docs/x.md.',
      'Check docs/setup.md for setup instructions and fix the typo there.',
    ])
      expect(pointerToAFile(said), said).toBeUndefined();
    expect(found('Look at @notes/REVIEW.md for existing issues, but use it as a guide only.')).toEqual([]);
  });

  // Review 20: "check" and "look at" said mid-task are reading for the task; a tail after the pointer is a step.
  it('"check" or "look at" a file points only with a lasting word or at more of the topic', () => {
    for (const said of ['Check README.md for the setup.', 'Look at CHANGELOG.md for examples.', 'Check the docs/api.md for endpoints.'])
      expect(found(said), said).toEqual([]);
    for (const said of ['Always check docs/api.md for endpoints.', 'Look at CHANGELOG.md for more examples.'])
      expect(kept(said), said).toEqual([['reference', said]]);
  });

  it('keeps the pointer without the order that follows it', () => {
    expect(kept('The API endpoints are listed in docs/api.md, add the new upload one there.')).toEqual([
      ['reference', 'The API endpoints are listed in docs/api.md.'],
    ]);
    expect(pointerToAFile('The deploy commands are documented in docs/deploy.md, but that file is out of date.')).toBeUndefined();
  });
});
