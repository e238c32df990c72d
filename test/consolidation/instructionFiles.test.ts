import { describe, expect, it } from 'vitest';
import { distinctiveTerms } from '../../src/consolidation/distinctiveTerms.js';
import { isInstructionFile, placesWrittenIn } from '../../src/consolidation/instructionFiles.js';
import { subjectQualifiers } from '../../src/consolidation/subjectQualifiers.js';

describe('instruction files: where rules are written, not what they are about (decision 119)', () => {
  it.each([
    ['CLAUDE.md', true],
    ['`AGENTS.md`', true],
    ['@.claude/skills/release/SKILL.md', true],
    ['.claude/commands/deploy.md', true],
    ['.github/copilot-instructions.md', true],
    ['.cursor/rules/style.mdc', true],
    ['.claude/settings.json', false],
    ['docs/release.md', false],
    ['deploy.sh', false],
  ])('%s is an instruction file: %s', (name, expected) => {
    expect(isInstructionFile(name)).toBe(expected);
  });

  it.each([
    ['In CLAUDE.md, say that we only cut patch versions.', ['claude.md']],
    ['Add to `AGENTS.md` that the staging API runs on port 9090.', ['agents.md']],
    ['In the pr-creation SKILL.md we mention that while in beta we only do patch releases.', ['skill.md']],
    ['We mention in `CLAUDE.md` that tags are signed.', ['claude.md']],
    ['Write into the release skill @.claude/skills/release/SKILL.md that tags are signed.', ['claude/skills/release/skill.md']],
    ['In the release skill @.claude/skills/release/SKILL.md mention that tags are signed.', ['claude/skills/release/skill.md']],
    ['The release skill in .claude/skills/release/SKILL.md signs tags.', []],
    ['The /deploy command in .claude/commands/deploy.md must run the smoke tests 3 times.', []],
    ['The migrator agent in .claude/agents/migrator.md only gets read tools.', []],
    ['In CLAUDE.md the build section is long.', []],
    ['CLAUDE.md is the source of truth for agents.', []],
    ['Remember to keep CLAUDE.md short.', []],
    ['In deploy.sh, always set -e.', []],
  ])('%s names as its place: %j', (text, places) => {
    expect([...placesWrittenIn(text)]).toEqual(places);
  });

  it('a place a rule is written in is no qualifier, the same file as the subject still is', () => {
    expect(subjectQualifiers('In the pr-creation `SKILL.md` we say tags are signed.')).toEqual([]);
    expect(subjectQualifiers('The /deploy command in .claude/commands/deploy.md must run the smoke tests.')).toContain(
      'claude/commands/deploy.md',
    );
    expect(subjectQualifiers('CLAUDE.md is the source of truth for agents.')).toEqual(['claude.md']);
  });

  it('no instruction file is a distinctive name, wherever it sits', () => {
    expect([...distinctiveTerms('Keep `.claude/skills/release/SKILL.md` and CLAUDE.md in step with `deploy.sh`.')]).toEqual(['deploy.sh']);
  });
});
