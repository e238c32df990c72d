import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/consolidation/consolidateMemory.js';
import type { MemoryCandidate } from '../../../src/consolidation/memoryCandidate.js';
import { tempDir } from '../../support/tempDir.js';

/** A memory written by hand: no `modified:` in its frontmatter. */
const handWritten = (dir: string, filename: string, body: string, writtenAt: string): void => {
  const path = join(dir, filename);
  writeFileSync(path, `---\nname: ${filename.replace(/\.md$/, '')}\ndescription: ${body}\ntype: project\n---\n\n${body}\n`);
  utimesSync(path, new Date(writtenAt), new Date(writtenAt));
};

describe('a memory file without `modified:` is dated by its mtime (decision 70)', () => {
  it('the newer hand-written file wins over an older one, and the plan dates both', async () => {
    const memory = join(tempDir(), 'memory');
    mkdirSync(memory);
    handWritten(memory, 'api-port.md', 'The staging API runs on port 9090.', '2026-03-10T12:00:00Z');
    handWritten(memory, 'api-port-old.md', 'The staging API runs on port 8080.', '2026-01-10T12:00:00Z');
    const result = await consolidateMemory({ memoryDir: memory, force: true });
    expect(result.status).toBe('consolidated');
    expect(readFileSync(join(memory, 'api-port-old.md'), 'utf8')).toContain('The staging API runs on port 9090.');
    expect(readFileSync(join(memory, 'api-port-old.md'), 'utf8')).not.toContain('8080');
    const reasons = result.status === 'consolidated' ? result.plan.changes.map((c) => ('reason' in c ? c.reason : '')) : [];
    expect(reasons.join('\n')).toContain('a later statement (2026-03-10) replaces what was said on 2026-01-10');
    expect(reasons.join('\n')).not.toContain('an earlier session');
  });

  it('a hand-written file newer than a statement from a session is not replaced by it', async () => {
    const memory = join(tempDir(), 'memory');
    mkdirSync(memory);
    handWritten(memory, 'api-port.md', 'The staging API runs on port 9090.', '2026-03-10T12:00:00Z');
    const older: MemoryCandidate = {
      type: 'project',
      name: 'Staging API port',
      description: 'The staging API runs on port 8080.',
      body: 'The staging API runs on port 8080.',
      saidAt: '2026-02-01T09:00:00.000Z',
      sources: [
        {
          session: '7f26641c-f5f5-4490-80f6-02093c4c460a',
          uuid: 'ffe3b969-70e2-4e43-8968-343f6ff570c8',
          timestamp: '2026-02-01T09:00:00.000Z',
        },
      ],
    };
    const result = await consolidateMemory({ memoryDir: memory, candidates: [older], force: true, dryRun: true });
    expect(result.status).toBe('planned');
    const written = result.status === 'planned' ? [...result.plan.writes.values()] : [];
    expect(written.map((f) => f?.body ?? null).filter((b) => b?.includes('8080'))).toEqual([]);
  });
});
