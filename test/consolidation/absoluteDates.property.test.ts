import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteDates, hasRelativeDate } from '../../src/consolidation/absoluteDates.js';

const runs = Number(process.env.MEMLOG_FC_RUNS ?? 100);

const weekday = fc.constantFrom('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday');
const relative = fc.oneof(
  fc.constantFrom('today', 'tomorrow', 'yesterday', 'last week', 'next week', 'last month', 'next month', 'last year', 'next year'),
  weekday.map((day) => `next ${day}`),
  weekday.map((day) => `this ${day}`),
  weekday.map((day) => `last ${day}`),
  fc.tuple(fc.integer({ min: 2, max: 9 }), fc.constantFrom('days', 'weeks', 'months')).map(([n, unit]) => `${n} ${unit} ago`),
  fc.tuple(fc.integer({ min: 2, max: 9 }), fc.constantFrom('days', 'weeks')).map(([n, unit]) => `in ${n} ${unit}`),
);
const clause = fc.constantFrom(
  'we ship the release',
  'the build broke',
  'the API moved to port 9090',
  'Dana takes over the on-call rota',
  'the freeze starts',
);
const sentence = fc
  .tuple(clause, relative, fc.boolean())
  .map(([c, r, first]) => (first ? `${r[0]!.toUpperCase()}${r.slice(1)} ${c}.` : `${c[0]!.toUpperCase()}${c.slice(1)} ${r}.`));
const text = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((sentences) => sentences.join(' '));
const saidAt = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true });

describe('absoluteDates, for any statement with relative dates', () => {
  it('leaves none behind, says what it replaced, and changes nothing on a second pass', () => {
    fc.assert(
      fc.property(text, saidAt, (input, at) => {
        const once = absoluteDates(input, at);
        expect(hasRelativeDate(once.text, at)).toBe(false);
        expect(once.rewrites.length).toBeGreaterThan(0);
        for (const { absolute } of once.rewrites) expect(once.text).toContain(absolute);
        expect(absoluteDates(once.text, at)).toEqual({ text: once.text, rewrites: [] });
      }),
      { numRuns: runs },
    );
  });
});

const PREPOSITIONS = [
  'in',
  'during',
  'over',
  'within',
  'for',
  'on',
  'at',
  'throughout',
  'since',
  'until',
  'by',
  'from',
  'of',
  'through',
  'after',
  'before',
  'to',
];
const preposition = fc.constantFrom(...PREPOSITIONS);
const plainClause = fc.constantFrom('we ship the release', 'the build broke', 'the API moved', 'Dana took the rota', 'the freeze starts');
const datePhrase = fc.constantFrom(
  'last week',
  'next week',
  'past week',
  'last month',
  'next month',
  'next day',
  'end of next month',
  'last few days',
  'last year',
);
const PREPOSITION = PREPOSITIONS.join('|');
const twoPrepositions = new RegExp(`\\b(?:${PREPOSITION})\\s+(?:${PREPOSITION})\\b`, 'i');
const articleBeforePreposition = new RegExp(`\\b(?:the|a|an)\\s+(?:${PREPOSITION})\\b`, 'i');

describe('absoluteDates, for a relative date after a preposition and an article', () => {
  it('never leaves two prepositions in a row nor an article before a preposition', () => {
    const template = fc
      .tuple(plainClause, preposition, datePhrase, fc.boolean())
      .map(([c, p, d, first]) =>
        first ? `${p[0]!.toUpperCase()}${p.slice(1)} the ${d} ${c}.` : `${c[0]!.toUpperCase()}${c.slice(1)} ${p} the ${d}.`,
      );
    fc.assert(
      fc.property(template, saidAt, (input, at) => {
        const { text: out } = absoluteDates(input, at);
        expect(out).not.toMatch(twoPrepositions);
        expect(out).not.toMatch(articleBeforePreposition);
        expect(hasRelativeDate(out, at)).toBe(false);
      }),
      { numRuns: runs },
    );
  });
});
