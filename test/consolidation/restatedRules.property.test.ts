import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { isSameThing, readSubject } from '../../src/consolidation/sameSubject.js';
import { subjectTerms } from '../../src/consolidation/subjectTerms.js';
import { fcRuns } from '../support/fcRuns.js';

/** Rules about releases, each in two wordings; any two rules share the word "release" and nothing else of their subject. */
const RULES = [
  ['we only do patch releases', 'only patch releases go out'],
  ['every release gets a changelog entry', 'write a changelog entry for each release'],
  ['sign every release tag', 'release tags are signed'],
] as const;

/** Where a rule may be said to be written: nowhere, or an instruction file (decision 119). */
const PLACES = ['', 'In CLAUDE.md, note that ', 'In the release skill `.claude/skills/release/SKILL.md` we mention that '] as const;

const ENVIRONMENTS = ['staging', 'production'] as const;

/** How each side names the release stage: the general word meets a stage, two stages never meet. */
const STAGES = [
  ['', '', 'meet'],
  ['while we are prerelease, ', 'during the beta, ', 'meet'],
  ['while we are pre-release, ', 'during the alpha, ', 'meet'],
  ['during the beta, ', 'during the beta, ', 'meet'],
  ['during the alpha, ', 'during the beta, ', 'apart'],
] as const;

interface Side {
  readonly rule: number;
  readonly wording: 0 | 1;
  readonly place: string;
  readonly environment: string;
}

const side = fc.record({
  rule: fc.integer({ min: 0, max: RULES.length - 1 }),
  wording: fc.constantFrom(0 as const, 1 as const),
  place: fc.constantFrom(...PLACES),
  environment: fc.constantFrom(...ENVIRONMENTS),
});

const sentence = (s: Side, stage: string, where = ` on ${s.environment}`): string => {
  const said = `${stage}${RULES[s.rule]![s.wording]}${where}`;
  return `${s.place}${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
};

const candidate = (body: string, minute: number): MemoryCandidate => {
  const saidAt = new Date(Date.UTC(2026, 1, 24, 10, minute)).toISOString();
  return {
    type: 'feedback',
    name: body,
    description: body,
    body,
    saidAt,
    sources: [{ session: `s-${minute}`, uuid: `u-${minute}`, timestamp: saidAt }],
  };
};

describe('one memory per rule, and nothing over-merged (decision 119)', () => {
  it('two sayings are one memory exactly when they say one rule, in one environment, at stages that meet; wherever each is written', () => {
    fc.assert(
      fc.property(side, side, fc.constantFrom(...STAGES), fc.boolean(), (a, b, [stageA, stageB, stages], swap) => {
        // Different rules are compared without a shared stage or environment: those are words of their own, and
        // one of them with "release" would be two shared words (a limit decision 119 records).
        const sameRule = a.rule === b.rule;
        const [textA, textB] = sameRule ? [sentence(a, stageA), sentence(b, stageB)] : [sentence(a, '', ''), sentence(b, '', '')];
        const expected = sameRule && a.environment === b.environment && stages === 'meet';
        expect(isSameThing(readSubject(textA), readSubject(textB), undefined, true)).toBe(expected);
        const [first, second] = swap ? [textB, textA] : [textA, textB];
        const plan = planConsolidation({ memories: [], index: '', candidates: [candidate(first, 0), candidate(second, 1)] });
        const after = applyConsolidation([], plan);
        expect(after).toHaveLength(expected || first === second ? 1 : 2);
        // Nothing said is lost: each saying's subject words are all in the memories kept.
        const kept = new Set(subjectTerms(after.map((m) => m.file.body).join('\n')));
        for (const text of [first, second]) expect(subjectTerms(text).filter((term) => !kept.has(term))).toEqual([]);
        // And a second consolidation finds nothing to do.
        expect(planConsolidation({ memories: after, index: plan.index, candidates: [] }).changes).toEqual([]);
      }),
      { numRuns: fcRuns },
    );
  });
});
