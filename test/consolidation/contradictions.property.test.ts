import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClaudeMdInstruction } from '../../src/consolidation/claudeMdInstruction.js';
import { isNoteLine } from '../../src/consolidation/claudeMdNote.js';
import { isEmptyPlan } from '../../src/consolidation/consolidationPlan.js';
import type { MemoryCandidate, StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { MEMORY_TYPES } from '../../src/memory/durable/topicFile.js';
import { fcRuns } from '../support/fcRuns.js';
import { ruleSentence as sentence } from '../support/ruleWords.js';

const time = fc
  .integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') })
  .map((ms) => new Date(ms).toISOString());

const stored: fc.Arbitrary<StoredMemory[]> = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.constantFrom(...MEMORY_TYPES), sentence(2, 6), sentence(2, 10), time), {
    selector: ([name]) => name,
    maxLength: 6,
  })
  .map((rows) =>
    rows.map(([filename, type, description, body, modified]) => ({
      filename: `${filename}.md`,
      file: { type, name: filename, description, body, modified },
    })),
  );
const candidates: fc.Arbitrary<MemoryCandidate[]> = fc.array(
  fc.record({
    type: fc.constantFrom(...MEMORY_TYPES),
    name: sentence(1, 3),
    description: sentence(2, 6),
    body: sentence(2, 10),
    saidAt: time,
    sources: fc.array(fc.record({ session: fc.constantFrom('s1111111', 's2222222'), uuid: fc.uuid(), timestamp: time }), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  { maxLength: 6 },
);
const instructions: fc.Arbitrary<ClaudeMdInstruction[]> = fc
  .array(fc.tuple(fc.constantFrom('CLAUDE.md', '.claude/rules/style.md'), sentence(2, 8)), { maxLength: 6 })
  .map((rows) => rows.map(([file, text], i) => ({ file, line: i + 1, text })));

const notesOf = (body: string): string[] => body.split('\n').filter(isNoteLine);

describe('noting memories that contradict CLAUDE.md, for any directory and instructions', () => {
  it('is idempotent: consolidating a noted directory again adds nothing', () => {
    fc.assert(
      fc.property(stored, candidates, instructions, (memories, said, rules) => {
        const first = planConsolidation({ memories, index: '', candidates: said, instructions: rules });
        const after = applyConsolidation(memories, first);
        const second = planConsolidation({ memories: after, index: first.index, candidates: [], instructions: rules });
        expect(second.changes).toEqual([]);
        expect(isEmptyPlan(second)).toBe(true);
      }),
      { numRuns: fcRuns },
    );
  });

  it('notes each contradiction once, lists every new note, and writes nothing but memory files', () => {
    fc.assert(
      fc.property(stored, candidates, instructions, (memories, said, rules) => {
        const plan = planConsolidation({ memories, index: '', candidates: said, instructions: rules });
        const listed = plan.changes.flatMap((c) => (c.kind === 'contradicts' ? [`${c.filename} ${c.instruction.text}`] : []));
        for (const [filename, file] of plan.writes) {
          expect(filename).toMatch(/^[a-z0-9-]+\.md$/);
          if (file === null) continue;
          const notes = notesOf(file.body);
          expect(new Set(notes).size, `${filename} noted twice`).toBe(notes.length);
          const before = notesOf(memories.find((m) => m.filename === filename)?.file.body ?? '');
          for (const line of notes.filter((n) => !before.includes(n)))
            expect(listed.some((l) => l.startsWith(`${filename} `) && line.includes(`"${l.slice(filename.length + 1)}"`))).toBe(true);
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
