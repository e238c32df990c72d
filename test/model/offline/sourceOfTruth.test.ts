import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { sourceOfTruth } from '../../../src/model/offline/sourceOfTruth.js';

// Which source is authoritative for what (decision 128). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const found = (said: string) =>
  findMemoryStatements([user('Tidy up the API docs.'), assistant('I regenerated the reference pages.'), user(said)]);
const kept = (said: string) => found(said).map((s) => [s.type, s.text]);

describe('which source is the source of truth', () => {
  it('a source in the code or the repository is a project fact', () => {
    for (const said of [
      'The handlers are the source of truth for the API schema.',
      'Git is authoritative for branch state, the status file only for rejected approaches.',
      'The schema in prisma/schema.prisma is the single source of truth.',
      'The changelog is the source of truth for releases.',
      'The source of truth for the routes is the router config.',
    ])
      expect(kept(said), said).toEqual([['project', said.replace(/^the/, 'The')]]);
  });

  it('a source outside the code is a place looked up in, a reference', () => {
    expect(kept('The service catalog is the source of truth for owners.')).toEqual([
      ['reference', 'The service catalog is the source of truth for owners.'],
    ]);
    expect(sourceOfTruth('The pricing sheet is authoritative for discounts.')?.type).toBe('reference');
  });

  it('a clause after a request or a remark is kept alone', () => {
    expect(kept('we tidied the dashboard, please make the guide match it, currently the implementation is the source of truth')).toEqual([
      ['project', 'The implementation is the source of truth.'],
    ]);
    const both = found('The OpenAPI file is generated; the handlers are the source of truth.');
    expect(both.map((s) => s.type)).toEqual(['project']);
    expect(both[0]?.title).toBe('The handlers are the source of truth.');
  });

  it('a topic said before the clause stays with it, so the source is not made authoritative for everything', () => {
    for (const said of [
      'For pricing, the database is the source of truth, not the cache.',
      'As for owners, the service catalog is the source of truth.',
    ])
      expect(
        found(said).map((s) => s.text),
        said,
      ).toEqual([said]);
  });

  it('reads "truth" typed with a slip', () => {
    for (const slip of ['thruth', 'turth', 'trtuh'])
      expect(sourceOfTruth(`The code is the source of ${slip}.`)?.type, slip).toBe('project');
    expect(sourceOfTruth('The code is the source of trust.')).toBeUndefined();
  });

  it('a word of tone, "you", a question or a modal is no authority', () => {
    for (const said of [
      'The tone is authoritative.',
      'Your answer is authoritative.',
      'You are not the source of truth.',
      'The tone should be authoritative.',
      'Make the README the source of truth.',
      'Not sure which is the source of truth.',
      'The docs say the API is the source of truth.',
      'If the schema is the source of truth, then regenerate the types.',
    ])
      expect(sourceOfTruth(said), said).toBeUndefined();
    expect(found('Is the schema the source of truth?')).toEqual([]);
    expect(found('You are not the source of truth.')).toEqual([]);
  });

  it('a source only pointed at is kept as a reference, as the reference finder kept it', () => {
    expect(sourceOfTruth("That's the source of truth.")).toEqual({ type: 'reference', cue: 'reference' });
  });
});
