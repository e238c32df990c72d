import fc from 'fast-check';
import { cpSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { CONSOLIDATE_LOCK } from '../../../src/jobs/consolidation/consolidationLock.js';
import type { MemoryCandidate } from '../../../src/consolidation/memoryCandidate.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';
import { SECRET_SHAPES } from '../../secrets/secretShapes.js';

describe('consolidateMemory gates', () => {
  it("count the project's sessions since the last consolidation, not memlog's own logs beside them", async () => {
    const project = tempDir();
    const memory = join(project, 'memory');
    mkdirSync(memory);
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    writeFileSync(join(memory, CONSOLIDATE_LOCK), '999999\n');
    utimesSync(join(memory, CONSOLIDATE_LOCK), twoDaysAgo, twoDaysAgo);
    for (let n = 1; n <= 4; n++) writeFileSync(join(project, `${n}1111111-1111-4111-8111-111111111111.jsonl`), '');
    // Touched since, and not sessions: the consolidation log, and an extraction's effect log.
    writeFileSync(join(project, '.memory.memlog-consolidation.jsonl'), '');
    writeFileSync(join(project, '11111111-1111-4111-8111-111111111111.memlog.jsonl'), '');
    expect(await consolidateMemory({ memoryDir: memory })).toEqual({
      status: 'skipped',
      reason: '4 sessions since the last consolidation; it waits for 5 (--force to run now)',
      finished: [],
    });
  });
});

describe('consolidateMemory merging what it has merged before', () => {
  it('the same statement merged again is recorded as confirmed: no file is rewritten', async () => {
    const memory = join(tempDir(), 'memory');
    mkdirSync(memory);
    const statement: MemoryCandidate = {
      type: 'feedback',
      name: 'Small focused commits',
      description: 'Keep commits small and focused.',
      body: 'Keep commits small and focused.\n\n**Why:** the user asked for it.\n**How to apply:** one change a commit.',
      saidAt: '2026-03-03T14:02:35.938Z',
      sources: [
        {
          session: '7f26641c-f5f5-4490-80f6-02093c4c460a',
          uuid: 'ffe3b969-70e2-4e43-8968-343f6ff570c8',
          timestamp: '2026-03-03T14:02:35.938Z',
        },
      ],
    };
    const first = await consolidateMemory({ memoryDir: memory, candidates: [statement], force: true });
    expect(first.status).toBe('consolidated');
    const files = Object.fromEntries(readdirSync(memory).map((name) => [name, readFileSync(join(memory, name), 'utf8')]));
    const again = await consolidateMemory({ memoryDir: memory, candidates: [statement], force: true });
    // Recorded (memory why names the statement again), but nothing to move in: a file read back ends with a newline, a statement does not.
    expect(again.status === 'consolidated' && again.plan.changes.map((c) => c.kind)).toEqual(['confirmed']);
    expect(again.status === 'consolidated' && again.plan.writes.size).toBe(0);
    expect(Object.fromEntries(readdirSync(memory).map((name) => [name, readFileSync(join(memory, name), 'utf8')]))).toEqual(files);
  });
});

describe('consolidateMemory and long file names', () => {
  it('a topic file whose name is 250 bytes is rewritten like any other (its temp name fits), and no run copy is left', async () => {
    const parent = tempDir();
    const memory = join(parent, 'memory');
    cpSync(join(demoProjects, '-home-dev-acme-shop', 'memory'), memory, { recursive: true });
    const long = `${'a'.repeat(247)}.md`;
    const said = readFileSync(join(memory, 'prefer-pnpm.md'), 'utf8');
    // The same statement three times: merged into the long one, which is rewritten.
    writeFileSync(join(memory, long), said.replace('prefer-pnpm', 'pnpm'));
    writeFileSync(join(memory, 'prefer-pnpm-2.md'), said);
    const result = await consolidateMemory({ memoryDir: memory, force: true });
    expect(result.status).toBe('consolidated');
    expect(result.status === 'consolidated' && [...result.plan.writes.keys()]).toContain(long);
    expect(readdirSync(memory).filter((name) => name.endsWith('.md'))).toEqual(['MEMORY.md', long]);
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toContain(`(${long})`);
    expect(readdirSync(parent).filter((name) => name.includes('.memlog-run'))).toEqual([]);
    expect(readdirSync(memory).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('consolidateMemory and secrets', () => {
  it('a candidate holding a secret (recorded before the scan knew its shape) is refused, named by rule, never written; the others merge', async () => {
    const memory = join(tempDir(), 'memory');
    mkdirSync(memory);
    const source = {
      session: '7f26641c-f5f5-4490-80f6-02093c4c460a',
      uuid: 'ffe3b969-70e2-4e43-8968-343f6ff570c8',
      timestamp: '2026-03-03T14:02:35.938Z',
    };
    const statement = (name: string, body: string): MemoryCandidate => ({
      type: 'project',
      name,
      description: `${name}.`,
      body,
      saidAt: source.timestamp,
      sources: [source],
    });
    const [env] = fc.sample(SECRET_SHAPES['.env password'], { numRuns: 1, seed: 64 });
    const result = await consolidateMemory({
      memoryDir: memory,
      candidates: [
        statement('Staging database', `Connect with\n\n\`\`\`\n${env!}\n\`\`\``),
        statement('Package manager', 'The team uses pnpm.'),
      ],
      force: true,
    });
    expect(result.status).toBe('consolidated');
    expect(result.status !== 'skipped' && result.refused).toEqual([
      'Staging database:6: Password in an environment variable (env-password)',
    ]);
    const written = readdirSync(memory)
      .map((name) => readFileSync(join(memory, name), 'utf8'))
      .join('\n');
    expect(written).toContain('The team uses pnpm.');
    expect(written).not.toContain(env!.replace(/^.*?=["']?/, ''));
  });
});
