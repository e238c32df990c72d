import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { capitalise } from '../../../src/model/offline/capitalise.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { afterLead } from '../../../src/model/offline/leadingWords.js';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';
import { AGREEMENTS, ASIDE_MARKERS, GREETINGS, HESITATIONS } from '../../../src/model/offline/openerWords.js';
import { pieces } from '../../../src/model/offline/statementPieces.js';
import { withoutOpeners } from '../../../src/model/offline/titleLead.js';

/** A list entry as a person types it: the shortest spelling its pattern takes ("um+" is "um"). */
const typed = (entry: string): string => entry.replace(/(\w)[+*]/g, '$1').replace(/\w\*/g, '');

const RULE = 'keep the fixtures under version control';
const SAID = 'Keep the fixtures under version control';

describe('each reader drops every word of the opener lists it shares (decisions 68, 97 and 120)', () => {
  it.each(GREETINGS.map(typed))('the greeting %j before a title, a description and a statement', (word) => {
    expect(withoutOpeners(`${word}, ${RULE}`)).toBe(SAID);
    expect(memoryDescription(`${word}! ${SAID}.`)).toBe(`${SAID}.`);
    expect(pieces(`${word}, ${RULE}.`).map((p) => p.text)).toEqual([`${SAID}.`]);
  });

  it.each(AGREEMENTS.map(typed))('the agreement %j before a title, a description and a "we" clause', (word) => {
    expect(withoutOpeners(`${word}, ${RULE}`)).toBe(SAID);
    expect(memoryDescription(`${word}. ${SAID}.`)).toBe(`${SAID}.`);
    expect(afterLead(`${word} we ${RULE}`)).toBe(`We ${RULE}`);
  });

  it.each(ASIDE_MARKERS.map(typed))('the aside marker %j before a title, a description and a statement', (word) => {
    expect(withoutOpeners(`${word}: ${RULE}`)).toBe(SAID);
    expect(memoryDescription(`${word}. ${SAID}.`)).toBe(`${SAID}.`);
    expect(pieces(`${word}, ${RULE}.`).map((p) => p.text)).toEqual([`${SAID}.`]);
  });

  it.each(HESITATIONS.map(typed))('the hesitation %j before a title, a description and a statement', (word) => {
    expect(withoutOpeners(`${word}, ${RULE}`)).toBe(SAID);
    expect(memoryDescription(`${word}... ${SAID}.`)).toBe(`${SAID}.`);
    expect(pieces(`${word}, ${RULE}.`).map((p) => p.text)).toEqual([`${SAID}.`]);
  });

  it('an opener that is part of a word or needs a clause after it stays: "Hi-res screenshots…", "Yes flags…"', () => {
    expect(withoutOpeners('Hi-res screenshots go in docs/images')).toBe('Hi-res screenshots go in docs/images');
    expect(afterLead('Yes flags default to false')).toBeUndefined();
  });

  it.each(HESITATIONS.map(typed))(
    'the hesitation %j written in capitals before a word is a name; lower-case or alone it is still dropped',
    (word) => {
      const name = `${word.toUpperCase()} diagrams always live in docs/diagrams`;
      expect(withoutOpeners(name)).toBe(name);
      expect(pieces(`${name}.`).map((p) => p.text)).toEqual([`${name}.`]);
      expect(withoutOpeners(`${word} ${RULE}`)).toBe(SAID);
      expect(pieces(`${word} ${RULE}.`).map((p) => p.text)).toEqual([`${SAID}.`]);
      expect(withoutOpeners(`${word.toUpperCase()}, ${RULE}`)).toBe(SAID);
      expect(pieces(`${word.toUpperCase()}, ${RULE}.`).map((p) => p.text)).toEqual([`${SAID}.`]);
    },
  );

  it('"ER", the abbreviation, opens a title and a statement as said', () => {
    expect(withoutOpeners('ER diagrams always live in docs/diagrams')).toBe('ER diagrams always live in docs/diagrams');
    expect(pieces('ER diagrams always live in docs/diagrams.').map((p) => p.text)).toEqual(['ER diagrams always live in docs/diagrams.']);
  });

  it.each(AGREEMENTS.map(typed))('the agreement %j before a choice of tool keeps the choice', (word) => {
    const said = `${capitalise(word)}, let's go with pnpm for everything.`;
    const found = findMemoryStatements([assistant('Should I use npm or pnpm?'), user(said)]).map((s) => s.text);
    expect(found.join(' ')).toMatch(/go with pnpm for everything/);
  });
});

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
