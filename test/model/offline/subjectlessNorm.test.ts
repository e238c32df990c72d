import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { firstThingNamed } from '../../../src/model/offline/thingNamed.js';
import { pieces } from '../../../src/model/offline/statementPieces.js';
import { isSubjectlessGuess, isSubjectlessNorm } from '../../../src/model/offline/subjectlessNorm.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const statementsOf = (...messages: ModelMessage[]): string[] => findMemoryStatements(messages).map((statement) => statement.text);

// Sentences written for these tests (decision 122, amended), none taken from a corpus.
describe('a clause on its modal keeps a state, or judges what is (decision 122, amended)', () => {
  it.each([
    'must be a symlink to docs/LICENSE.md',
    'must be an alias for the main script',
    'needs to be kept in sync with the schema.',
    'must stay under 100 lines.',
    'should stay in the root folder',
    'has to remain private',
    'must always be signed',
    'must be kept in sync',
  ])('a norm without its subject: %s', (clause) => {
    expect(isSubjectlessNorm(clause)).toBe(true);
    expect(isSubjectlessGuess(clause)).toBe(false);
  });

  it.each([
    'must be a bug',
    'must be a typo in the parser.',
    'Must be a cache issue.',
    'must be nice',
    'Must be nice to have a cluster.',
    'should be fine.',
    'has to be a typo.',
    'must have missed it',
    'must be running the old build',
  ])('a guess or an exclamation: %s', (clause) => {
    expect(isSubjectlessGuess(clause)).toBe(true);
    expect(isSubjectlessNorm(clause)).toBe(false);
  });

  it.each(['The config must be a symlink to base.yml', 'The config must be nice', 'should work now', 'must be readable by everyone'])(
    'neither, read as before: %s',
    (clause) => {
      expect(isSubjectlessNorm(clause)).toBe(false);
      expect(isSubjectlessGuess(clause)).toBe(false);
    },
  );
});

describe('a name typed with a dot is one name', () => {
  it('names the file and the thing it is', () => {
    expect(firstThingNamed('Why was the CLAUDE.md symlink replaced?')).toBe('the CLAUDE.md symlink');
    expect(firstThingNamed('Why was src/app_main.py deleted?')).toBe('src/app_main.py');
  });
});

describe('two hyphens break a sentence only before a clause on its modal', () => {
  it('breaks before "must"', () => {
    expect(pieces('I am restoring it -- must be a symlink to docs/LICENSE.md.').map((piece) => piece.text)).toEqual([
      'I am restoring it',
      'must be a symlink to docs/LICENSE.md.',
    ]);
  });

  it('joins elsewhere', () => {
    expect(pieces('Honor --config, but if not given -- look in the home folder.')).toHaveLength(1);
  });
});

describe('through findMemoryStatements (decision 122, amended)', () => {
  it('leads a subjectless norm with the thing the question before it names', () => {
    const texts = statementsOf(
      assistant('Done.'),
      user('Why was the LICENSE.txt link dropped? I am restoring it -- must be a symlink to docs/LICENSE.md.'),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^About the LICENSE\.txt link: /);
    expect(texts[0]).toContain('must be a symlink to docs/LICENSE.md');
  });

  it("takes the subject from the assistant's question", () => {
    const texts = statementsOf(
      assistant('Should I turn the AGENTS.md symlink into a regular file?'),
      user('must stay a symlink to CLAUDE.md.'),
    );
    expect(texts).toEqual([expect.stringMatching(/^About the AGENTS\.md symlink: must stay a symlink to CLAUDE\.md/i)]);
  });

  it('keeps no guess and no exclamation', () => {
    expect(statementsOf(assistant('Done.'), user('Why does the export fail on Mondays? must be a bug in the scheduler.'))).toEqual([]);
    expect(statementsOf(assistant('Done.'), user('The nightly job ran on eight machines. Must be nice to have a cluster.'))).toEqual([]);
  });

  it('gives no lead to a norm that has its subject in its own sentence', () => {
    const texts = statementsOf(assistant('Done.'), user('The schema file is generated and must be kept in sync with the models.'));
    expect(texts.join(' ')).not.toMatch(/About /);
  });
});
