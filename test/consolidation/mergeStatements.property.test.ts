import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/consolidation/bodySections.js';
import { mergeStatements, type Statement } from '../../src/consolidation/mergeStatements.js';
import { sameWords } from '../../src/consolidation/sentAgain.js';
import { subjectTerms } from '../../src/consolidation/subjectTerms.js';
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

/** One rule in several wordings, none giving it another value than the others: a merge replaces none of them. */
const RULES = [
  ['the staging API runs on port 9090', 'the staging API listens on port 9090', 'staging API port: 9090'],
  ['we only do patch releases', 'only patch releases go out'],
  ['sign every release tag', 'release tags are signed'],
] as const;
/** Where a rule is said to be written: nowhere, or an instruction file, with one word of writing or another (decision 119). */
const PLACES = [
  '',
  'Add to AGENTS.md that ',
  'add to CLAUDE.md that ',
  'In CLAUDE.md, note that ',
  'We mention in AGENTS.md that ',
  'Write into the release skill SKILL.md that ',
  'Put in GEMINI.md that ',
];
const REASONS = ['', 'The reviewers asked for it.', 'The on-call engineer looks there first.'];

const sayings = fc.integer({ min: 0, max: RULES.length - 1 }).chain((rule) =>
  fc.array(
    fc.record({
      wording: fc.constantFrom(...RULES[rule]!),
      place: fc.constantFrom(...PLACES),
      reason: fc.constantFrom(...REASONS),
    }),
    { minLength: 2, maxLength: 4 },
  ),
);

const asStatement = ({ wording, place, reason }: { wording: string; place: string; reason: string }, i: number): Statement => {
  const said = `${place}${wording}.`;
  const lead = `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
  return {
    memory: { name: 'rule', description: lead, type: 'feedback', body: reason === '' ? lead : `${lead}\n\n**Why:** ${reason}` },
    saidAt: `2026-01-0${i + 1}T09:00:00Z`,
  };
};

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

  it('a merge keeps every distinct fact: each merged statement’s words that say something, its place included (decision 119)', () => {
    fc.assert(
      fc.property(sayings, (said) => {
        const statements = said.map(asStatement);
        const merged = mergeStatements(statements);
        const kept = new Set(subjectTerms(merged.memory.body));
        for (const { memory } of statements) expect(subjectTerms(memory.body).filter((term) => !kept.has(term))).toEqual([]);
        expect(merged.replaced).toBe(0);
        expect(merged.stale).toEqual([]);
      }),
      { numRuns: fcRuns },
    );
  });
});
