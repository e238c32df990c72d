import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPlainApostrophes } from '../../../src/memory/durable/apostrophes.js';
import { DANGLING_WORD } from '../../../src/memory/durable/cutOnWords.js';
import { toKebabSlug } from '../../../src/memory/durable/frontmatterStamp.js';
import { isNegation, memorySlug, subjectWordsOf } from '../../../src/memory/durable/memorySlug.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { extractTask } from '../../support/extractTask.js';
import { fcRuns } from '../../support/fcRuns.js';

/** Words said before a rule, of every kind decision 120 drops, and none. */
const LEADS = [
  '',
  '',
  'Hey -- ',
  'Also, ',
  'So ',
  'AFAIK ',
  'I think ',
  "I'd like to ",
  'Please ',
  'Make sure that ',
  "Let's say ",
  'F1: ',
  'If not, ',
  'Like ',
  'Acutally lets ',
  "Basicaly, let's ",
  'Change in plan: ',
  'Update - ',
];
const NEGATIONS = ['not', 'never', 'no', "don't", "isn't", 'without', 'nunca', 'nicht'];
/** Words of a rule's one clause: no joint, no reason, no sentence end, so the whole clause is the title's to keep. */
const WORDS = 'deploy the staging database on Fridays tests run against Postgres main branch pnpm lockfile CI build is a release tag'.split(
  ' ',
);

/** A lead, then one clause of up to 14 words with up to three negations among them. */
const statement = fc
  .record({
    lead: fc.constantFrom(...LEADS),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 11 }),
    negations: fc.array(fc.tuple(fc.constantFrom(...NEGATIONS), fc.nat()), { maxLength: 3 }),
  })
  .map(({ lead, words, negations }) => {
    const clause = [...words];
    for (const [said, at] of negations) clause.splice(at % (clause.length + 1), 0, said);
    return { lead, clause: clause.join(' '), said: `${lead}${clause.join(' ')}.` };
  });

/** The negations a text says, each as a slug writes it ("don't" → "dont"), as many times as said. */
const negationsOf = (text: string): string[] =>
  withPlainApostrophes(text)
    .split(/\s+/)
    .flatMap((word) => toKebabSlug(word.replace(/['\u2019]/g, '')).split('-'))
    .filter(isNegation);

describe('titles, slugs and descriptions over generated statements (decision 120)', () => {
  it("a title and its slug keep every negation of the rule's clause, whatever lead it was said with", () => {
    fc.assert(
      fc.property(statement, ({ clause, said }) => {
        const title = titleOf(said);
        const slug = memorySlug(title).split('-');
        // "not" may come back as "don't": "let's not deploy" is titled "Don't deploy" (decision 120, amended).
        const plain = (words: readonly string[]): string[] => words.map((word) => (word === 'dont' ? 'not' : word));
        for (const negation of plain(negationsOf(clause))) {
          expect(plain(negationsOf(title)), `${said} → ${title}`).toContain(negation);
          expect(plain(slug), `${said} → ${title}`).toContain(negation);
        }
      }),
      { numRuns: fcRuns },
    );
  });

  it('a slug has a content word whenever its statement has one, and the two it has when it has two', () => {
    fc.assert(
      fc.property(statement, ({ clause, said }) => {
        const slug = memorySlug(titleOf(said));
        // A slug ends on no word that needs the next ("…-against"): such a word names nothing.
        const stated = new Set(subjectWordsOf(clause).filter((word) => !DANGLING_WORD.test(word))).size;
        expect(subjectWordsOf(slug.replace(/-/g, ' ')).length, `${said} → ${slug}`).toBeGreaterThanOrEqual(Math.min(2, stated));
      }),
      { numRuns: fcRuns },
    );
  });

  it("a description is one line of at most 150 characters that ends on a word, with no ellipsis, and the file's name is its stem", () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 4 }), (statements) => {
        const text = statements.map((s) => s.said).join(' ');
        const description = memoryDescription(text);
        expect(description).not.toMatch(/[\r\n]/);
        expect([...description].length).toBeLessThanOrEqual(150);
        expect(description).toMatch(/[\p{L}\p{N}][.!?)"']?$/u);
        expect(description).not.toMatch(/^…|…$/);
        const writes = draftMemories(extractTask(1), [{ role: 'user', content: `Remember that ${text}` }]);
        for (const write of writes.filter((w) => w.filename !== 'MEMORY.md')) {
          const stem = write.filename.replace(/\.md$/, '');
          const parsed = parseTopicFile(write.content, stem);
          expect(parsed.ok && parsed.file.name).toBe(stem);
          // A memory whose description names something is named by one of its words.
          const said = parsed.ok ? parsed.file.description : '';
          const named = subjectWordsOf(said).some((word) => !DANGLING_WORD.test(word));
          if (named) expect(subjectWordsOf(stem.replace(/-/g, ' ')).length, stem).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
