import { describe, expect, it } from 'vitest';
import type { MemoryCandidate } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { isSameThing, readSubject } from '../../src/consolidation/sameSubject.js';
import type { MemoryType } from '../../src/memory/durable/topicFile.js';

type Side = readonly [text: string, type: MemoryType];
const rule = (text: string): Side => [text, 'feedback'];
const fact = (text: string): Side => [text, 'project'];

/** Both ways round: the relation is symmetric, and a second consolidation relies on it. */
const same = ([a, typeA]: Side, [b, typeB]: Side): boolean => {
  const [ra, rb] = [readSubject(a), readSubject(b)];
  const there = isSameThing(ra, rb, undefined, typeA === typeB);
  expect(isSameThing(rb, ra, undefined, typeA === typeB)).toBe(there);
  return there;
};

describe('one rule said again in other words is one subject (decision 119)', () => {
  it.each([
    [
      'a release stage and the general word, the rule bounded with "only" on both sides',
      rule('We are prerelease: patches only.'),
      rule('In the skill file, mention that during the beta we publish patches only.'),
    ],
    [
      'a rule and the same rule to be written in a skill file, named by its path',
      rule('In the pr-creation skill @.claude/skills/pr-creation/SKILL.md we mention while we are in BETA we ONLY do patch releases.'),
      rule('We are prerelease, we only do patch releases.'),
    ],
    [
      'a rule and the same rule to be written in an instruction file',
      rule('In the pr-creation SKILL.md we mention that release tags are signed with the team key.'),
      rule('Release tags are signed with the team key.'),
    ],
    [
      'a fact and the same fact to be added to AGENTS.md',
      fact('Add to AGENTS.md that the staging API runs on port 9090.'),
      fact('The staging API runs on port 9090.'),
    ],
  ])('%s', (_kind, a, b) => {
    expect(same(a, b)).toBe(true);
  });
});

describe('what differs in a qualifier, a value, a stage or the way it is said stays apart (decision 119)', () => {
  it.each([
    ['two release stages', rule('During the alpha we only cut patch versions.'), rule('During the beta we only cut patch versions.')],
    [
      'one bounds with "only", the other rules out',
      rule('We are prerelease: patches only.'),
      rule('During the beta, never publish patches.'),
    ],
    [
      'another rule sharing one common word and the stage',
      rule('We are prerelease: patches only.'),
      rule('During the beta, document every patch.'),
    ],
    [
      'a stage and its general word in a rule and a fact',
      rule('We are prerelease: patches only.'),
      fact('During the beta we publish patches only.'),
    ],
    [
      'two instruction files as subjects',
      fact('CLAUDE.md is the source of truth for agents.'),
      fact('AGENTS.md is the source of truth for agents.'),
    ],
    [
      'staging and production, one of them to be added to AGENTS.md',
      fact('Add to AGENTS.md that the staging API runs on port 9090.'),
      fact('The production API runs on port 9090.'),
    ],
    [
      'two commands, each in its own file',
      rule('The /deploy command in .claude/commands/deploy.md must run the smoke tests 3 times.'),
      rule('The /release command in .claude/commands/release.md must run the smoke tests 5 times.'),
    ],
    [
      'two agents, each in its own file',
      rule('The code-reviewer agent in .claude/agents/code-reviewer.md only gets read tools.'),
      rule('The migrator agent in .claude/agents/migrator.md only gets read tools.'),
    ],
    [
      'canary builds, a channel, and pre-release builds',
      rule('Our pre-release builds are only published from the release branch.'),
      rule('Canary builds are only published from main.'),
    ],
    ['two rules about one tool', rule('Run the unit tests with vitest before pushing.'), rule('Vitest snapshots live next to the code.')],
  ])('%s', (_kind, a, b) => {
    expect(same(a, b)).toBe(false);
  });
});

let uuid = 0;
const said = (body: string, saidAt: string, session: string): MemoryCandidate => ({
  type: 'feedback',
  name: body.split(' ').slice(0, 5).join(' '),
  description: body,
  body,
  saidAt,
  sources: [{ session, uuid: `u${++uuid}`, timestamp: saidAt }],
});

describe('planConsolidation merges a rule said again in a later session into one memory (decision 119)', () => {
  it('keeps both wordings in the one memory, and a second consolidation changes nothing', () => {
    const earlier = 'We are prerelease: patches only.';
    const later = 'In the skill file, mention that during the beta we publish patches only.';
    const candidates = [said(earlier, '2026-02-24T10:00:00Z', 'session-a'), said(later, '2026-02-26T10:00:00Z', 'session-b')];
    const plan = planConsolidation({ memories: [], index: '', candidates });
    const after = applyConsolidation([], plan);
    expect(after).toHaveLength(1);
    expect(after[0]!.file.body).toContain(later);
    expect(after[0]!.file.body).toContain(earlier);
    const again = planConsolidation({ memories: after, index: plan.index, candidates: [] });
    expect(again.changes).toEqual([]);
  });

  it('merges it into the memory an earlier run saved', () => {
    const first = planConsolidation({
      memories: [],
      index: '',
      candidates: [said('We are prerelease: patches only.', '2026-02-24T10:00:00Z', 's-a')],
    });
    const saved = applyConsolidation([], first);
    const later = said('In the skill file, mention that during the beta we publish patches only.', '2026-02-26T10:00:00Z', 's-b');
    const second = planConsolidation({ memories: saved, index: first.index, candidates: [later] });
    expect(second.changes.map((c) => c.kind)).not.toContain('added');
    expect(applyConsolidation(saved, second)).toHaveLength(1);
  });
});
