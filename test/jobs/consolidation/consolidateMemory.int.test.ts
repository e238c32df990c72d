import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { CONSOLIDATE_LOCK } from '../../../src/jobs/consolidation/consolidationLock.js';
import { tempDir } from '../../support/tempDir.js';

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
