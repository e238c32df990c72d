import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPlainApostrophes } from '../../../src/memory/durable/apostrophes.js';
import { DANGLING_WORD } from '../../../src/memory/durable/cutOnWords.js';
import { toKebabSlug } from '../../../src/memory/durable/frontmatterStamp.js';
import { isNegation, memorySlug } from '../../../src/memory/durable/memorySlug.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import { extractTask } from '../../support/extractTask.js';
import { fcRuns } from '../../support/fcRuns.js';

const MAX_SLUG_CHARS = 60;

/** Openers a person types before they say anything, and none. */
const OPENERS = ['', '', 'Yeah ', 'Actually, ', 'Ok, ', 'One thing we could add here: ', 'Another thing - ', 'Honestly '];
/** Apostrophes as typed, as other keyboards type them, and as the wrong encoding shows them. */
const APOSTROPHES = ["'", '\u2019', '\u00b4', '`', '\u00e2\u20ac\u2122', '\u00e2\u0080\u0099'];
const NEGATIONS = ['not', 'never', 'no', 'don{a}t', 'isn{a}t', 'without', 'nunca', 'nicht', 'pas'];
const WORDS = (
  'deploy the staging database on Fridays tests they{a}re we{a}ve against through Postgres main branch because I was ' +
  'assuming pnpm lockfile café CI build is a'
).split(' ');

/** A statement: an opener, then up to 16 words with up to three negations among them, apostrophes of one kind. */
const statement = fc
  .record({
    opener: fc.constantFrom(...OPENERS),
    words: fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom('', '', '', ',', ' -', ';', ':')), { minLength: 1, maxLength: 16 }),
    negations: fc.array(fc.tuple(fc.constantFrom(...NEGATIONS), fc.nat()), { maxLength: 3 }),
    apostrophe: fc.constantFrom(...APOSTROPHES),
  })
  .map(({ opener, words, negations, apostrophe }) => {
    const tokens = words.map(([w, p]) => `${w}${p}`);
    for (const [said, at] of negations) tokens.splice(at % (tokens.length + 1), 0, said);
    return `${opener}${tokens.join(' ')}.`.replaceAll('{a}', apostrophe);
  });

/** The negations a title says, each as a slug writes it ("don't" → "dont"). */
const negationsOf = (title: string): string[] =>
  withPlainApostrophes(title)
    .split(/\s+/)
    .flatMap((word) => toKebabSlug(word.replace(/['\u2019]/g, '')).split('-'))
    .filter(isNegation);

const KEBAB = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

describe('titles and slugs over generated statements (decision 68, amended 2026-12-07)', () => {
  it('a slug is kebab-case within the limit, keeps every negation of its title and ends on no word that needs the next', () => {
    fc.assert(
      fc.property(statement, (said) => {
        const title = titleOf(said);
        const slug = memorySlug(title);
        expect(slug).toMatch(KEBAB);
        expect([...slug].length).toBeLessThanOrEqual(MAX_SLUG_CHARS);
        const words = slug.split('-');
        for (const negation of negationsOf(title)) expect(words, `${title} → ${slug}`).toContain(negation);
        // Cut to its words of substance, it ends on none that needs the next (a title of none is its slug whole).
        const last = words.at(-1) ?? '';
        const cut = slug !== toKebabSlug(title);
        expect(cut && DANGLING_WORD.test(last) && !isNegation(last) && words.length > 1, `${title} → ${slug}`).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a title opens with none of the openers and keeps the apostrophe a word was typed with as a straight one', () => {
    fc.assert(
      fc.property(statement, (said) => {
        const title = titleOf(said);
        expect(title).not.toMatch(/^(?:Yeah|Actually|Ok|Honestly|One thing we could add here|Another thing)\b(?!['\u2019])/);
        expect(title).not.toMatch(/[\u00b4`\u00e2]/);
      }),
      { numRuns: fcRuns },
    );
  });

  it("the file the per-turn extractor writes is named by the slug of its index title, and its name is the file's stem", () => {
    fc.assert(
      fc.property(statement, (said) => {
        const writes = draftMemories(extractTask(1), [{ role: 'user', content: `Remember that ${said}` }]);
        const index = writes.find((w) => w.filename === 'MEMORY.md')?.content ?? '';
        for (const write of writes.filter((w) => w.filename !== 'MEMORY.md')) {
          const stem = write.filename.replace(/\.md$/, '');
          const parsed = parseTopicFile(write.content, stem);
          expect(parsed.ok && parsed.file.name).toBe(stem);
          const title = new RegExp(`^- \\[(.*)\\]\\(${stem.replace(/[-]/g, '\\-')}\\.md\\)`, 'm').exec(index)?.[1];
          expect(title, index).toBeDefined();
          expect(memorySlug(title ?? '')).toBe(stem);
          for (const negation of negationsOf(title ?? '')) expect(stem.split('-')).toContain(negation);
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
