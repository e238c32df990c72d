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
      text: 'The CLI should be able to read its input from stdin.',
      reason: 'I want the CLI to fit in shell pipelines',
    });
  });

  it('through findMemoryStatements: the capability is kept, the want is its reason', () => {
    const found = statementsOf(
      'Could you add to the API that the server is able to answer in CSV when the client asks for it? I want the API to be usable from spreadsheets.',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'project', reason: 'I want the API to be usable from spreadsheets' });
    expect(found[0]?.text).toBe('API: the server should be able to answer in CSV when the client asks for it.');
  });

  it('a want on another subject stays as it was, and the step before it is no capability', () => {
    const found = statementsOf('Can you add a log line before the retry? I want the release notes to be shorter.');
    expect(found.map((statement) => [statement.type, statement.text, statement.reason])).toEqual([
      ['feedback', 'I want the release notes to be shorter.', undefined],
    ]);
  });
});

describe('the request passes the guards any statement passes (decision 122, amended)', () => {
  it.each([
    // a want for one occasion
    'Can we make the deploy script able to skip tests? I need it for the hotfix tonight.',
    'Could you update the script so it handles the empty file on line 40? I need the script to finish today.',
    // a want about delivering the work at hand
    'Can you add a check so the form accepts an empty email? I want it merged before lunch.',
    'Can you make the exporter able to write Parquet? I want this merged.',
    'Can you make the server able to handle gzip? I want the server restarted after you are done.',
    'Can you make the uploader able to resume? We need the uploader for the sales demo.',
    // a request for one occasion, or for the case at one line of the code
    'Could you update the script so it handles the empty file on line 40? I want the script to survive bad input.',
    'Can you make the importer able to read CSV this time? I want the importer to take the bank exports.',
    // a question that asks for an opinion
    'Would you make the parser able to read YAML, or is that overkill? I want the parser small.',
  ])('no capability is kept from: %s', (said) => {
    expect(statementsOf(said).filter((statement) => statement.reason !== undefined)).toEqual([]);
  });

  it('a capability asked as a numbered step is a step of the task, and the next step is no part of it', () => {
    const found = statementsOf(
      '1. Add a flag so the exporter can write CSV. We need the exporter for the finance team.\n2. Run the tests.\n3. Open a PR.',
    );
    expect(found.filter((statement) => /flag|Run the tests/.test(statement.text))).toEqual([]);
  });

  it.each([
    [
      'Could you make the CLI able to read stdin, and also fix the typo in the README? I want the CLI to fit in pipelines.',
      'The CLI should be able to read stdin.',
    ],
    [
      'Would you make the parser able to read YAML? I want the parser to handle our config files.',
      'The parser should be able to read YAML.',
    ],
    ['Can you make the CLI able to read stdin? We need the CLI to fit in shell pipelines.', 'The CLI should be able to read stdin.'],
  ])('the look-alike is still kept, with only the clause that asks for it: %s', (said, text) => {
    expect(statementsOf(said)).toMatchObject([{ type: 'project', text }]);
  });
});

describe('a lasting rule said as a want stays its own memory (decision 122, amended)', () => {
  it('a "we need … never …" after a request is a rule, not the request\'s why', () => {
    const found = statementsOf('Can you make the CLI able to read stdin? We need the CLI to never print colors, NO_COLOR or not.');
    expect(found.map((statement) => [statement.type, statement.cue, statement.text, statement.reason])).toEqual([
      ['feedback', 'always-never', 'We need the CLI to never print colors, NO_COLOR or not.', undefined],
    ]);
  });

  it("a want with no lasting word is still the request's why", () => {
    const found = statementsOf('Can you make the CLI able to read stdin? We need the CLI to print plain text in pipelines.');
    expect(found).toMatchObject([{ type: 'project', reason: 'We need the CLI to print plain text in pipelines' }]);
  });
});

describe('the capability is written as what the project is to do, without the asking words (decision 122, amended)', () => {
  const want = ' I want the importer to take the bank exports.';
  it.each([
    ['Can you make the importer able to read CSV?', 'The importer should be able to read CSV.'],
    ['Please make the importer able to read CSV.', 'The importer should be able to read CSV.'],
    ["Let's extend the importer so it supports CSV.", 'The importer should support CSV.'],
    ['Okay, so could you please update the importer so that it handles CSV?', 'The importer should handle CSV.'],
    ['Also, add to the importer that it accepts CSV.', 'The importer should accept CSV.'],
    ['Could we teach the importer to be able to read CSV?', 'The importer should be able to read CSV.'],
    ['Please configure the importer so it can read CSV.', 'The importer should be able to read CSV.'],
  ])('%s', (request, text) => {
    expect(statementsOf(`${request}${want}`)).toMatchObject([{ type: 'project', text, reason: want.trim().replace(/\.$/, '') }]);
  });

  it.each([
    [
      'Add to the importer that the webserver is able to serve the bank exports.',
      'Importer: the webserver should be able to serve the bank exports.',
    ],
    ['Could you add to the importer, that the parser can read CSV?', 'Importer: the parser should be able to read CSV.'],
    ['Please add to the importer that the client handles a missing file.', 'Importer: the client should handle a missing file.'],
  ])('a clause with a subject of its own says what that subject should do: %s', (request, text) => {
    expect(statementsOf(`${request}${want}`)).toMatchObject([{ type: 'project', text }]);
  });

  it.each([
    // a past verb says what happened, not what should
    ['Add to the importer that the parser was reading CSV.', 'Add to the importer that the parser was reading CSV.'],
    // a modal already says what should be
    ['Add to the importer that the parser should be able to read CSV.', 'Add to the importer that the parser should be able to read CSV.'],
  ])('a clause whose verb says no present doing stays as said: %s', (request, text) => {
    const found = statementsOf(`${request}${want}`);
    expect(found.map((statement) => statement.text)).not.toContainEqual(expect.stringMatching(/^Importer:/));
    for (const statement of found.filter((one) => one.type === 'project')) expect(statement.text).toBe(text);
  });

  it('keeps the order without its asking words when it names no thing it changes', () => {
    expect(
      statementsOf('Please support reading CSV so the importer can take bank exports. I want the importer to take the bank exports.'),
    ).toMatchObject([{ type: 'project', text: 'Support reading CSV so the importer can take bank exports.' }]);
  });
});

describe('a want said as "I\'d like" or "we would like" (decision 122)', () => {
  it.each(["I'd like the CLI to fit in pipelines.", 'We would like the CLI to fit in pipelines.'])('%s', (want) => {
    expect(wantFollowsRequest(want, 'Can you make the CLI able to read stdin?')).toBe(true);
    expect(statementsOf(`Can you make the CLI able to read stdin? ${want}`)).toMatchObject([
      { type: 'project', text: 'The CLI should be able to read stdin.' },
    ]);
  });
});
