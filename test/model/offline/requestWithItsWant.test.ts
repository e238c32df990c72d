import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { asksForCapability, wantFollowsRequest, withWantsAsReasons } from '../../../src/model/offline/requestWithItsWant.js';
import { pieces } from '../../../src/model/offline/statementPieces.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const statementsOf = (said: string) => findMemoryStatements([assistant('I updated the component.'), user(said)]);

// Sentences written for these tests (decision 122), none taken from a corpus.
describe('a request that adds what the project can do (decision 122)', () => {
  it.each([
    'Can you make the CLI able to read its input from stdin?',
    'Could you add to the API that the server can answer in CSV when asked?',
    'Please extend the importer so it supports gzipped files.',
    'Add to the sync job that it handles a missing remote.',
  ])('asks for a capability: %s', (said) => expect(asksForCapability(said)).toBe(true));

  it.each([
    'Can you add a log line before the retry?',
    'Could you run the tests again?',
    'Make the button blue.',
    'Can you tell me what the parser supports?',
  ])('is a step at hand: %s', (said) => expect(asksForCapability(said)).toBe(false));
});

describe('a want after the request is its reason when it speaks of what the request named (decision 122)', () => {
  const request = 'Can you make the CLI able to read its input from stdin?';
  it.each([
    'I want the CLI to fit in shell pipelines.',
    'We want it to work in scripts.',
    'The goal is that the CLI composes with other tools.',
  ])('follows: %s', (want) => expect(wantFollowsRequest(want, request)).toBe(true));
  it.each([
    // a want that starts a new subject
    'I want the release notes to be shorter too.',
    // what the assistant is to do now
    'I want you to commit after that.',
    // no want at all
    'The CLI is written in Go.',
  ])('does not: %s', (want) => expect(wantFollowsRequest(want, request)).toBe(false));
});

describe('the memory is the request, with the want as its why (decision 122)', () => {
  it('folds the want into the request it explains', () => {
    const said = pieces('Can you make the CLI able to read its input from stdin? I want the CLI to fit in shell pipelines.');
    const folded = withWantsAsReasons(said, [undefined, undefined]);
    expect(folded.said.map((piece) => piece.text)).toEqual(['Can you make the CLI able to read its input from stdin?']);
    expect(folded.statements[0]).toMatchObject({
      type: 'project',
      text: 'Make the CLI able to read its input from stdin.',
      reason: 'I want the CLI to fit in shell pipelines',
    });
  });

  it('through findMemoryStatements: the capability is kept, the want is its reason', () => {
    const found = statementsOf(
      'Could you add to the API that the server is able to answer in CSV when the client asks for it? I want the API to be usable from spreadsheets.',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'project', reason: 'I want the API to be usable from spreadsheets' });
    expect(found[0]?.text).toMatch(/^Add to the API that the server is able to answer in CSV/);
  });

  it('a want on another subject stays as it was, and the step before it is no capability', () => {
    const found = statementsOf('Can you add a log line before the retry? I want the release notes to be shorter.');
    expect(found.map((statement) => statement.text)).not.toContainEqual(expect.stringMatching(/log line/));
    expect(found.every((statement) => statement.reason === undefined)).toBe(true);
  });
});
