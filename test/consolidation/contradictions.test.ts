import { describe, expect, it } from 'vitest';
import { contradictionsOf, readInstructions } from '../../src/consolidation/contradictions.js';
import type { MemoryType, TopicFile } from '../../src/memory/durable/topicFile.js';

const memory = (statement: string, type: MemoryType = 'feedback', why = ''): TopicFile => ({
  name: 'm',
  description: statement,
  type,
  body: why === '' ? statement : `${statement}\n\n**Why:** ${why}`,
});
const instruction = (text: string) => ({ file: 'CLAUDE.md', line: 7, text });
/** Why the memory contradicts the instruction, or null when it does not. */
const against = (rule: string, said: string, type: MemoryType = 'feedback', why = ''): string | null =>
  contradictionsOf(memory(said, type, why), readInstructions([instruction(rule)]))[0]?.reason ?? null;

describe('a memory contradicts a CLAUDE.md instruction about the same subject', () => {
  it('when one negates what the other affirms (never, don’t, avoid, no, rather than), either way round', () => {
    expect(against('Never commit directly to main.', 'Committing straight to main is fine for typo fixes.')).toBe(
      'CLAUDE.md rules out "commit", which the memory calls for',
    );
    expect(against('Use 2-space indentation.', 'Indent with tabs rather than spaces.')).toBe(
      'the memory rules out "spaces", which CLAUDE.md calls for',
    );
    expect(against('Avoid mocking the database in integration tests.', 'Mocking the database is fine in integration tests.')).toBe(
      'CLAUDE.md rules out "mocking", which the memory calls for',
    );
  });

  it('when both give a number or version for the same thing and the numbers differ (dates are not values)', () => {
    expect(against('The staging API listens on port 8080.', 'The staging API runs on port 9090 since 2026-03-09.', 'project')).toBe(
      'the memory says 9090 where CLAUDE.md says 8080',
    );
    expect(against('The API runs on Node 20.', 'API servers use Node v18.x.', 'project')).toBe(
      'the memory says 18 where CLAUDE.md says 20',
    );
    expect(against('Use 2-space indentation.', 'Indent with 4 spaces.')).toBe('the memory says 4 where CLAUDE.md says 2');
  });

  it('when both name a tool, file or package for the same thing and the names differ', () => {
    expect(against('Run tests with `vitest`.', 'Tests run on `jest`.')).toBe('the memory says jest where CLAUDE.md says vitest');
    expect(against('Lint config lives in eslint.config.js.', 'The lint config lives in .eslintrc.json.', 'project')).toBe(
      'the memory says .eslintrc.json where CLAUDE.md says eslint.config.js',
    );
  });

  it('not when they agree: the same polarity, the same value, or the instruction’s value among the memory’s', () => {
    expect(against('Never commit directly to main.', "Don't commit to main; open a pull request.")).toBeNull();
    expect(against('The staging API listens on port 9090.', 'The staging API runs on port 9090 since 2026-03-09.', 'project')).toBeNull();
    expect(against('The API runs on Node 20.', 'API servers use Node 18 or 20.', 'project')).toBeNull();
    expect(against("Don't mock the database in integration tests.", 'Integration tests hit a real database, never mocks.')).toBeNull();
    expect(against('Use npm ci in CI.', 'Never use npm install in CI; use npm ci.')).toBeNull();
  });

  it('not when they are about different things, even with opposite words', () => {
    expect(against('Never push to main.', 'Run the tests before every push to a feature branch.')).toBeNull();
    expect(against('The API listens on port 8080.', 'The docs site builds with port 3000 locally.', 'project')).toBeNull();
  });

  it('not when they are about different environments or different numbered things: the same words, two facts', () => {
    expect(against('The production API listens on port 8080.', 'The staging API listens on port 9090.', 'project')).toBeNull();
    expect(against('Service 1 listens on port 8001.', 'Service 2 listens on port 8002.', 'project')).toBeNull();
    expect(against('The production API listens on port 8080.', 'The production API listens on port 9090.', 'project')).toBe(
      'the memory says 9090 where CLAUDE.md says 8080',
    );
  });

  it('only feedback and project memories, and only by what the memory states (not its Why, nor a note it carries)', () => {
    expect(against('Never commit directly to main.', 'Committing straight to main is fine for typo fixes.', 'user')).toBeNull();
    expect(against('Never commit directly to main.', 'Committing straight to main is fine for typo fixes.', 'reference')).toBeNull();
    expect(against('Use 2-space indentation.', 'Keep indentation as the file has it.', 'feedback', 'we once used 4 spaces')).toBeNull();
  });

  it('lists every instruction a memory contradicts, in the order given', () => {
    const found = contradictionsOf(
      memory('The staging API runs on port 9090 and deploys from main without review.', 'project'),
      readInstructions([
        instruction('The staging API listens on port 8080.'),
        instruction('Unrelated: write docs in British English.'),
        { file: '.claude/rules/deploy.md', line: 2, text: 'Staging deploys from main need a review.' },
      ]),
    );
    expect(found.map((f) => [f.instruction.file, f.reason])).toEqual([
      ['CLAUDE.md', 'the memory says 9090 where CLAUDE.md says 8080'],
      ['.claude/rules/deploy.md', 'the memory rules out "review", which CLAUDE.md calls for'],
    ]);
  });
});
