import fc from 'fast-check';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { readMemoryDirectory } from '../../../src/jobs/consolidation/memoryDirectory.js';
import { renderTopicFile } from '../../../src/memory/durable/topicFile.js';
import { fcRuns } from '../../support/fcRuns.js';
import { candidatesOf, factOf, latestPerQualifier, qualifiedFacts, storedOf } from '../../support/qualifiedFacts.js';
import { tempDir } from '../../support/tempDir.js';

describe('consolidateMemory (memlog consolidate, extract’s second phase), for families of facts that differ only in what they are about', () => {
  it('keeps one memory file per environment, service, numbered service or host, each with the latest port said for it', async () => {
    const root = tempDir();
    await fc.assert(
      fc.asyncProperty(qualifiedFacts, async (sayings) => {
        const memoryDir = join(mkdtempSync(join(root, 'p-')), 'memory');
        mkdirSync(memoryDir);
        for (const { filename, file } of storedOf(sayings)) writeFileSync(join(memoryDir, filename), renderTopicFile(file));
        const result = await consolidateMemory({ memoryDir, candidates: candidatesOf(sayings), force: true });
        // Facts that are already one file each leave nothing to change.
        expect(['consolidated', 'unchanged']).toContain(result.status);
        const kept = readMemoryDirectory(memoryDir).memories.map((m) => factOf(sayings, m.file.body));
        const expected = latestPerQualifier(sayings);
        expect(kept.map((fact) => fact?.key).sort()).toEqual([...expected.keys()].sort());
        for (const fact of kept) expect(fact?.port).toBe(expected.get(fact!.key));
      }),
      { numRuns: Math.min(fcRuns, 40) },
    );
  }, 120_000);
});
