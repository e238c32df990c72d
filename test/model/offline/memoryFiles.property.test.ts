import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memorySlug } from '../../../src/memory/durable/memorySlug.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { memoryDescription } from '../../../src/model/offline/memoryDescription.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { extractTask } from '../../support/extractTask.js';
import { fcRuns } from '../../support/fcRuns.js';

/** Negations as people write them, and the word each leaves in a slug (accents and apostrophes folded). */
const NEGATIONS: ReadonlyArray<readonly [string, string]> = [
  ['never', 'never'],
  ['not', 'not'],
  ['no', 'no'],
  ["don't", 'dont'],
  ["doesn't", 'doesnt'],
  ['nunca', 'nunca'],
  ['jamás', 'jamas'],
  ['sin', 'sin'],
  ['jamais', 'jamais'],
  ['pas', 'pas'],
  ['nicht', 'nicht'],
  ['kein', 'kein'],
  ['keine', 'keine'],
  ['ohne', 'ohne'],
];
const WORDS = [
  'deploy',
  'the',
  'staging',
  'database',
  'on',
  'Fridays',
  'tests',
  'run',
  'against',
  'real',
  'Postgres',
  'main',
  'branch',
  'el',
  'proyecto',
  'en',
  'Vercel',
  'la',
  'base',
  'de',
  'données',
  'die',
  'Datenbank',
  'für',
  'Tests',
  'API',
  'v2',
  'pnpm',
  'lockfile',
  'Überprüfung',
  'café',
  'CI',
  'build',
  'is',
  'a',
  'we',
];
const word = fc.constantFrom(...WORDS);
const negation = fc.constantFrom(...NEGATIONS);
const punctuation = fc.constantFrom('', '', '', ',', ' —', ';', '.', '!', ':');

/** A statement of 1–14 words with up to three negations among them, punctuated here and there. */
const statement = fc
  .tuple(fc.array(fc.tuple(word, punctuation), { minLength: 1, maxLength: 14 }), fc.array(fc.tuple(negation, fc.nat()), { maxLength: 3 }))
  .map(([words, negations]) => {
    const tokens = words.map(([w, p]) => `${w}${p}`);
    for (const [[said], at] of negations) tokens.splice(at % (tokens.length + 1), 0, said);
    return { text: tokens.join(' '), negations: negations.map(([[, slugged]]) => slugged) };
  });

const KEBAB = /^[a-z0-9\p{L}]+(?:-[a-z0-9\p{L}]+)*$/u;

describe('memory files over generated statements (decision 68)', () => {
  it('a slug is kebab-case, within 60 characters, and keeps every negation of the statement', () => {
    fc.assert(
      fc.property(statement, ({ text, negations }) => {
        const slug = memorySlug(text);
        expect(slug).toMatch(KEBAB);
        expect([...slug].length).toBeLessThanOrEqual(60);
        for (const word of negations) expect(slug.split('-'), `${text} → ${slug}`).toContain(word);
      }),
      { numRuns: fcRuns },
    );
  });

  it('a description is one line of at most 150 characters that ends on a whole word of the statement', () => {
    const long = fc.array(statement, { minLength: 1, maxLength: 6 }).map((all) => all.map((s) => s.text).join('\n'));
    fc.assert(
      fc.property(long, (text) => {
        const description = memoryDescription(text);
        expect(description).not.toContain('\n');
        expect(description.length).toBeLessThanOrEqual(150);
        // Ends on a whole word of the statement (or on the sentence's own punctuation after one), never on a cut one.
        const bare = (token: string) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
        const words = new Set(text.split(/\s+/).map(bare));
        const last = bare(description.split(' ').at(-1)!);
        expect(words.has(last), `${JSON.stringify(text)} → ${description}`).toBe(true);
        expect(description).toMatch(/[\p{L}\p{N}][.!?]?$/u);
      }),
      { numRuns: fcRuns },
    );
  });

  it("every file the per-turn extractor writes is named by its slug: name equals the file's stem", () => {
    fc.assert(
      fc.property(statement, ({ text }) => {
        const writes = draftMemories(extractTask(1, { now: '2026-11-30T00:00:00.000Z' }), [
          { role: 'user', content: `Remember that ${text}` },
        ]);
        for (const write of writes.filter((w) => w.filename !== 'MEMORY.md')) {
          const stem = write.filename.replace(/\.md$/, '');
          const parsed = parseTopicFile(write.content, stem);
          expect(parsed.ok && parsed.file.name).toBe(stem);
          expect(stem).toMatch(KEBAB);
          expect(parsed.ok && parsed.file.description.length).toBeLessThanOrEqual(150);
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
