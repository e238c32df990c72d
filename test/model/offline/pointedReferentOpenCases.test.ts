import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { referentOf } from '../../../src/model/offline/pointedReferent.js';
import { firstThingNamed } from '../../../src/model/offline/thingNamed.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const statementsOf = (...messages: ModelMessage[]) => findMemoryStatements(messages).map((statement) => statement.text);

// Sentences written for these tests (decision 122, amended: the three cases review 18 left), none taken from a corpus.
describe('a referent that is the object of the sentence before', () => {
  it('is the thing chosen when a person or a group is the subject', () => {
    expect(referentOf(['The team voted for Postgres last week.'], undefined)).toBe('Postgres');
    expect(referentOf(['They moved the billing service to the new cluster.'], undefined)).toBe('the billing service');
    expect(
      statementsOf(assistant('Done.'), user('The team voted for Postgres last week. We always use it for new services.')),
    ).toContainEqual(expect.stringMatching(/^About Postgres: We always use it for new services/));
  });

  it('is the thing chosen after a verb of choosing, whoever chose it', () => {
    expect(referentOf(['Alice chose the new logger.'], undefined)).toBe('the new logger');
  });

  it('stays the subject when the subject is a thing and nothing is chosen', () => {
    expect(referentOf(['The parser is slow.'], undefined)).toBe('the parser');
    expect(referentOf(['The parser calls the lexer twice.'], undefined)).toBe('the parser');
    // grouped after the sentence that names its thing, it needs no lead
    expect(statementsOf(assistant('Done.'), user('The parser is slow. Keep it out of the hot path.'))).toEqual([
      'The parser is slow. Keep it out of the hot path.',
    ]);
  });
});

describe('a phrase ends before the word the sentence needs as its verb', () => {
  it('cuts the verb the tagger read as a noun, and its object, off the phrase', () => {
    expect(firstThingNamed('Should the deploy script print progress?')).toBe('the deploy script');
    expect(statementsOf(assistant('Ok. Should the deploy script print progress?'), user('Always make it quiet.'))).toEqual([
      expect.stringMatching(/^About the deploy script: Always make it quiet/),
    ]);
  });

  it('keeps the phrase whole when the clause has its own verb', () => {
    expect(firstThingNamed('Should the deploy script output be shown?')).toBe('the deploy script output');
    expect(firstThingNamed('The deploy script output is too long.')).toBe('the deploy script output');
  });
});

describe("the question's thing is chosen on the words as said", () => {
  it('is not taken when the answer goes on with a word that adds another point', () => {
    const texts = statementsOf(
      assistant('I added the retry. Should I also add a CHANGELOG entry?'),
      user('No. Also, it must never print stack traces to users.'),
    );
    expect(texts).not.toContainEqual(expect.stringMatching(/About a CHANGELOG entry/));
    expect(texts).toContainEqual(expect.stringMatching(/^It must never print stack traces to users/));
  });

  it('is taken when the bare answer goes on with the statement', () => {
    expect(statementsOf(assistant('Should the nightly export also compress?'), user('No. It must never be compressed.'))).toEqual([
      expect.stringMatching(/^About the nightly export: It must never be compressed/),
    ]);
  });
});
