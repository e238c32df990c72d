import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { make, type Found } from '../../../src/model/offline/foundStatement.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { needsReferent, withLeadsOpening, withReferents } from '../../../src/model/offline/pointedReferent.js';
import type { Piece } from '../../../src/model/offline/statementPieces.js';
import { isSubjectlessNorm } from '../../../src/model/offline/subjectlessNorm.js';
import { fcRuns } from '../../support/fcRuns.js';

// Sentences written for these properties (decision 122), none taken from a corpus: ones that name a thing, ones that
// only point at one, norms said without their subject, and statements that name their own thing.
const naming = [
  'Can we make the nightly export job faster?',
  'Why was the README.md link removed?',
  'The deploy script is slow.',
  'Could you look at the release checklist?',
];
const pointing = ['I want this as simple as possible.', 'It needs to be a single command.', 'Keep it under a second.'];
const subjectless = ['must stay under 100 lines.', 'must be a symlink to docs/INDEX.md.', 'needs to be kept in sync with the schema.'];
const ownSubject = [
  'We always use pnpm in this repo.',
  'The config file must be kept in sync with the schema.',
  'Never push to main without a review.',
  'Commit messages go in the imperative.',
];
const sentence = fc.constantFrom(...naming, ...pointing, ...subjectless, ...ownSubject);
const question = fc.option(fc.constantFrom('Should the export job keep its old names?', 'Done.'), { nil: undefined });

const LEAD = /About [^:]+: /g;
const leadsIn = (text: string): RegExpMatchArray[] => [...text.matchAll(LEAD)];

const piecesOf = (texts: readonly string[]): Piece[] => texts.map((text, i) => ({ text, joined: false, separator: i === 0 ? '' : ' ' }));
const foundOf = (text: string): Found => make('feedback', 'preference', text, text);

describe('what a statement is about (decision 122), as invariants', () => {
  it('a lead only ever opens a memory and is never said twice', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), question, (said, asked) => {
        const messages: ModelMessage[] = [
          { role: 'assistant', content: [{ type: 'text', text: asked ?? 'Done.' }] },
          { role: 'user', content: said.join(' ') },
        ];
        for (const statement of findMemoryStatements(messages)) {
          const leads = leadsIn(statement.text);
          expect(leads.length, statement.text).toBeLessThanOrEqual(1);
          if (leads.length === 1) expect(leads[0]?.index, statement.text).toBe(0);
          if (statement.title !== undefined)
            expect(
              leadsIn(statement.title).every((lead) => lead.index === 0),
              statement.title,
            ).toBe(true);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it("keeps the statement's own words intact after its lead, and leads only a statement that points or has no subject", () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), question, (said, asked) => {
        const statements = said.map(foundOf);
        const led = withReferents(piecesOf(said), statements, asked, said.join(' ')).statements;
        led.forEach((found, i) => {
          const own = said[i] ?? '';
          const text = found?.text ?? '';
          const lead = leadsIn(text)[0];
          if (lead === undefined) return expect(text).toBe(own);
          expect(needsReferent(own) || isSubjectlessNorm(own), own).toBe(true);
          expect(lead.index).toBe(0);
          expect(text.slice(lead[0].length)).toBe(own);
        });
      }),
      { numRuns: fcRuns },
    );
  });

  it('moves or drops a lead found inside a memory, keeping one at most, where it opens', () => {
    const lead = fc.constantFrom('About the export job: ', 'About the README.md link: ');
    fc.assert(
      fc.property(fc.array(fc.oneof(sentence, lead), { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.join(' ');
        const leads = [...new Set(parts.filter((part) => part.startsWith('About ')))];
        const opened = withLeadsOpening({ text }, leads).text;
        const found = leadsIn(opened);
        expect(found.length, opened).toBeLessThanOrEqual(1);
        if (found.length === 1) expect(found[0]?.index).toBe(0);
        expect(opened.replace(LEAD, '').replace(/\s+/g, ' ').trim()).toBe(text.replace(LEAD, '').replace(/\s+/g, ' ').trim());
      }),
      { numRuns: fcRuns },
    );
  });
});
