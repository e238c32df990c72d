import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { MAX_INDEX_CHARS, MAX_INDEX_LINES } from '../../src/memory/durable/memoryIndex.js';

const runs = Number(process.env.MEMLOG_FC_RUNS ?? 25);
const LINK = /^- \[[^\]]*\]\(([^)]+)\)/;

/** Memories of one word each: none is about another's subject, so each stays, and the index must point to every one. */
const memories: fc.Arbitrary<StoredMemory[]> = fc
  .uniqueArray(fc.stringMatching(/^[a-z]{4,14}$/), { minLength: 1, maxLength: 120 })
  .map((names) =>
    names.map((name) => ({
      filename: `${name}.md`,
      file: { type: 'project' as const, name, description: name, body: `${name}.` },
    })),
  );

/** An over-long index: the memories' pointers, hooks long or short, among prose, headings, blanks and pointers to files that are gone. */
const overLong = memories.chain((ms) =>
  fc
    .tuple(
      fc.shuffledSubarray(ms, { minLength: 0, maxLength: ms.length }),
      fc.array(
        fc.oneof(
          fc.constantFrom('', '# Memory', '## Older notes'),
          fc.string({ minLength: 1, maxLength: 300 }).map((s) => s.replace(/\n/g, ' ')),
          fc.stringMatching(/^[a-z]{3,9}$/).map((f) => `- [gone](${f}-gone.md) — a file that is not there`),
        ),
        { minLength: 60, maxLength: 240 },
      ),
      fc.integer({ min: 0, max: 400 }),
      fc.nat(),
    )
    .map(([listed, other, hook, seed]) => {
      const pointers = listed.map((m) => `- [${m.file.name}](${m.filename}) — ${'a hook '.repeat(hook / 7)}`);
      // Over the line limit even after the lines pointing to files that are gone are taken out.
      const kept = other.filter((line) => !line.includes('-gone.md)')).length;
      const pad = Array.from({ length: Math.max(0, MAX_INDEX_LINES + 1 + (seed % 40) - pointers.length - kept) }, (_, i) => `note ${i}`);
      const lines = [...pointers, ...other, ...pad];
      // A deterministic shuffle: pointers anywhere, the oldest lines not always prose.
      for (let i = lines.length - 1, s = seed; i > 0; i--, s = (s * 1103515245 + 12345) % 2 ** 31) {
        const j = s % (i + 1);
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      }
      return { memories: ms, index: `${lines.join('\n')}\n` };
    })
    .filter(({ index }) => index.split('\n').length - 1 > MAX_INDEX_LINES || index.length > MAX_INDEX_CHARS),
);

describe('for any over-long MEMORY.md (decision 70)', () => {
  it('one run leaves every memory a pointer within the limits, and a second run changes nothing', () => {
    fc.assert(
      fc.property(overLong, ({ memories: ms, index }) => {
        const plan = planConsolidation({ memories: ms, index, candidates: [] });
        const lines = plan.index.split('\n').slice(0, -1);
        expect(lines.length).toBeLessThanOrEqual(MAX_INDEX_LINES);
        expect(plan.index.trim().length).toBeLessThanOrEqual(MAX_INDEX_CHARS);
        const pointed = new Set(lines.flatMap((l) => LINK.exec(l)?.[1] ?? []));
        const after = applyConsolidation(ms, plan);
        expect(after).toHaveLength(ms.length);
        for (const m of after) expect(pointed.has(m.filename)).toBe(true);
        const again = planConsolidation({ memories: after, index: plan.index, candidates: [] });
        expect(again.changes).toEqual([]);
        expect(again.index).toBe(plan.index);
      }),
      { numRuns: runs },
    );
  }, 300_000);
});
