import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { MEMORY_TYPES, renderTopicFile } from '../../../src/memory/durable/topicFile.js';
import { dirSnapshot } from '../../support/dirSnapshot.js';
import { fcRuns } from '../../support/fcRuns.js';
import { ruleSentence as sentence } from '../../support/ruleWords.js';
import { tempDir } from '../../support/tempDir.js';

const memories = fc.uniqueArray(
  fc.record({
    name: fc.stringMatching(/^[a-z]{3,10}$/),
    type: fc.constantFrom(...MEMORY_TYPES),
    description: sentence(2, 5),
    body: sentence(2, 8),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  { selector: (m) => m.name, minLength: 1, maxLength: 5 },
);
const rules = fc.array(sentence(2, 7), { minLength: 1, maxLength: 5 });
const claudeMd = rules.map((lines) => `# Rules\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);

describe('consolidateMemory with CLAUDE.md files, for any memories and instructions', () => {
  it('never edits a CLAUDE.md (one in the project, one inside the memory directory that reads as a memory), and a second run adds nothing', async () => {
    const root = tempDir();
    await fc.assert(
      fc.asyncProperty(memories, claudeMd, rules, async (written, projectRules, innerRules) => {
        const project = mkdtempSync(join(root, 'p-'));
        const memoryDir = join(project, 'memory');
        mkdirSync(memoryDir);
        mkdirSync(join(project, 'repo'));
        const outside = join(project, 'repo', 'CLAUDE.md');
        // The worst case: an instruction file named with --claude-md inside the memory directory, with a memory's frontmatter.
        const inside = join(memoryDir, 'house-rules.md');
        writeFileSync(outside, projectRules);
        // Older than every memory, and about what they are about: without the guard it would be merged away or noted.
        const asMemory = {
          name: 'house-rules',
          description: innerRules[0]!,
          type: 'feedback' as const,
          modified: '2026-01-01T00:00:00.000Z',
        };
        writeFileSync(inside, renderTopicFile({ ...asMemory, body: innerRules.map((l) => `- ${l}`).join('\n') }));
        for (const m of written) {
          const modified = `2026-03-${String(m.day).padStart(2, '0')}T10:00:00.000Z`;
          writeFileSync(join(memoryDir, `${m.name}.md`), renderTopicFile({ ...m, modified }));
        }
        const rules = () => [readFileSync(outside), statSync(outside).mtimeMs, readFileSync(inside), statSync(inside).mtimeMs];
        const before = rules();
        const options = { memoryDir, force: true, claudeMd: [outside, inside] };

        const first = await consolidateMemory(options);
        expect(first.status).not.toBe('skipped');
        if (first.status !== 'skipped') {
          expect(first.claudeMd).toHaveLength(2);
          const touched = first.plan.changes.flatMap((c) => ('filename' in c ? [c.filename] : []));
          expect(touched).not.toContain('house-rules.md');
        }
        const afterFirst = dirSnapshot(memoryDir, (path) => path !== '.consolidate-lock');
        const second = await consolidateMemory(options);
        expect(second.status).toBe('unchanged');
        expect(dirSnapshot(memoryDir, (path) => path !== '.consolidate-lock')).toEqual(afterFirst);
        expect(rules()).toEqual(before);
      }),
      { numRuns: Math.min(fcRuns, 40) },
    );
  }, 120_000);
});
