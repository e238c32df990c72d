import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// Sentences written for this test, each a lasting statement or an order of the moment (decision 131).
const RUNS = Number(process.env.MEMLOG_FC_RUNS ?? 100);
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done.'), user(said)]).map((s) => s.text);

const STATEMENTS = [
  'we always squash merge feature branches.',
  'we never deploy on Fridays.',
  'rename utils.py to helpers.py, import it from main.py instead of copying it.',
  'the staging API runs on port 9090.',
  'move the fixtures to test/data, point the loader at them instead of inlining.',
];
const greeting = fc.constantFrom('hey', 'Hey', 'hi', 'Hello', 'well', 'Alright', 'wait');
const ender = fc.constantFrom(',', '!', ' --', ' -- ', '--', ' -', ' \u2014', '\u2013', ' \u2014 ');

describe('a greeting before a statement, ended by a comma, a "!" or a dash, changes nothing kept', () => {
  it('keeps what the statement alone keeps', () => {
    const alone = new Map(STATEMENTS.map((s) => [s, keptOf(s.charAt(0).toUpperCase() + s.slice(1))]));
    fc.assert(
      fc.property(greeting, ender, fc.constantFrom(...STATEMENTS), (word, end, statement) => {
        expect(keptOf(`${word}${end} ${statement}`)).toEqual(alone.get(statement));
      }),
      { numRuns: RUNS },
    );
  });
});
