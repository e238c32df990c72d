import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/consolidation/bodySections.js';
import { mergeStatements, type Statement } from '../../src/consolidation/mergeStatements.js';
import { sameWords } from '../../src/consolidation/sentAgain.js';
import { fcRuns } from '../support/fcRuns.js';

const SENTENCES = [
  'Installs go through pnpm.',
  'Installs go through pnpm, never npm.',
  'Never run npm install in this repository.',
  'The lockfile is pnpm-lock.yaml.',
  'Add packages with pnpm add.',
];
const sentence = fc.constantFrom(...SENTENCES);
const body = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 4 }), fc.array(sentence, { maxLength: 2 }))
  .map(([lead, why]) => `${lead.join(' ')}${why.length === 0 ? '' : `\n\n**Why:** ${why.join(' ')}`}`);
const statements = fc.array(body, { minLength: 2, maxLength: 4 }).map((bodies) =>
  bodies.map((text, i): Statement => ({
    memory: { name: 'pnpm', description: 'Installs go through pnpm', type: 'feedback', body: text },
    saidAt: `2026-01-0${i + 1}T09:00:00Z`,
  })),
);

describe('mergeStatements (property)', () => {
  it('a merged body never holds a sentence twice in one part', () => {
    fc.assert(
      fc.property(statements, (said) => {
        const sections = parseBody(mergeStatements(said).memory.body);
        for (const part of [sections.lead, sections.more, ...sections.labelled.map((s) => s.sentences)])
          part.forEach((one, i) => expect(part.slice(i + 1).some((other) => sameWords(one, other))).toBe(false));
      }),
      { numRuns: fcRuns },
    );
  });
});
