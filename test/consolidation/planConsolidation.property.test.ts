import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import { isEmptyPlan } from '../../src/consolidation/consolidationPlan.js';
import type { MemoryCandidate, StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import { MAX_INDEX_CHARS, MAX_INDEX_LINES } from '../../src/memory/durable/memoryIndex.js';
import { MEMORY_TYPES } from '../../src/memory/durable/topicFile.js';

const runs = Number(process.env.MEMLOG_FC_RUNS ?? 100);

// A small vocabulary, so that generated memories often share a subject.
const word = fc.constantFrom(
  'tabs',
  'spaces',
  'indent',
  'pnpm',
  'npm',
  'port',
  '8080',
  '9090',
  'api',
  'deploy',
  'friday',
  'tests',
  'main',
  'branch',
  'review',
  'docs',
  'release',
  'freeze',
  'next week',
  'tomorrow',
);
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((ws) => ws.join(' '));
const type = fc.constantFrom(...MEMORY_TYPES);
const time = fc
  .integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') })
  .map((ms) => new Date(ms).toISOString());
const session = fc.constantFrom('s1111111-aaaa', 's2222222-bbbb', 's3333333-cccc', 's4444444-dddd');

const candidate: fc.Arbitrary<MemoryCandidate> = fc.record({
  type,
  name: words(1, 4),
  description: words(2, 8),
  body: words(2, 12),
  saidAt: time,
  sources: fc.array(fc.record({ session, uuid: fc.uuid(), timestamp: time }), { minLength: 1, maxLength: 2 }),
});

const stored: fc.Arbitrary<StoredMemory[]> = fc
  .uniqueArray(
    fc.tuple(fc.stringMatching(/^[a-z]{3,12}$/), type, words(1, 4), words(2, 8), words(2, 12), fc.option(time, { nil: undefined })),
    { selector: ([name]) => name, maxLength: 8 },
  )
  .map((rows) =>
    rows.map(([filename, t, name, description, body, modified]) => ({
      filename: `${filename}.md`,
      file: { type: t, name, description, body, ...(modified === undefined ? {} : { modified }) },
    })),
  );

const indexFor = (memories: readonly StoredMemory[], stale: readonly string[], header: boolean): string =>
  [
    ...(header ? ['# Memory'] : []),
    ...memories.map((m) => `- [${m.file.name}](${m.filename}) — ${m.file.description}`),
    ...stale.map((f) => `- [gone](${f}.md) — a file that is not there`),
  ].join('\n') + '\n';

const directory = fc
  .tuple(
    stored,
    fc.uniqueArray(fc.stringMatching(/^gone[a-z]{2,6}$/), { maxLength: 2 }),
    fc.boolean(),
    fc.array(candidate, { maxLength: 12 }),
  )
  .map(([memories, stale, header, candidates]) => ({
    memories,
    index: memories.length + stale.length === 0 && !header ? '' : indexFor(memories, stale, header),
    candidates,
  }));

describe('planConsolidation, for any directory and candidates', () => {
  it('is idempotent: consolidating the result again changes nothing', () => {
    fc.assert(
      fc.property(directory, ({ memories, index, candidates }) => {
        const first = planConsolidation({ memories, index, candidates });
        const after = applyConsolidation(memories, first);
        const second = planConsolidation({ memories: after, index: first.index, candidates: [] });
        expect(second.changes).toEqual([]);
        expect(isEmptyPlan(second)).toBe(true);
      }),
      { numRuns: runs },
    );
  });

  it('never loses a memory, a statement or an index line without a change that says why', () => {
    fc.assert(
      fc.property(directory, ({ memories, index, candidates }) => {
        const plan = planConsolidation({ memories, index, candidates });
        const after = new Map(applyConsolidation(memories, plan).map((m) => [m.filename, m.file]));
        for (const { filename } of memories) {
          if (after.has(filename)) continue;
          const merged = plan.changes.find((c) => c.kind === 'merged' && c.filename === filename);
          expect(merged, `${filename} left without a reason`).toBeDefined();
          if (merged?.kind === 'merged') expect(after.has(merged.into)).toBe(true);
        }
        const cited = new Set(
          plan.changes.flatMap((c) =>
            c.kind === 'added' || c.kind === 'updated' || c.kind === 'confirmed' ? c.sources.map((s) => s.uuid) : [],
          ),
        );
        for (const c of candidates) {
          expect(
            c.sources.every((s) => cited.has(s.uuid)),
            `statement "${c.name}" left without a trace`,
          ).toBe(true);
        }
        const newLines = new Set(plan.index.split('\n'));
        const unindexed = new Set(plan.changes.flatMap((c) => (c.kind === 'unindexed' ? [c.line] : [])));
        for (const line of index.split('\n').filter((l) => l.startsWith('- '))) {
          const file = /\]\(([^)]+)\)/.exec(line)?.[1];
          // A memory renamed by a later statement (decision 77) keeps its line, pointing to its new file.
          const renamed = plan.changes.find((c) => c.kind === 'merged' && c.filename === file && c.reason.startsWith('renamed to '));
          const target = renamed?.kind === 'merged' ? renamed.into : file;
          const stillListed = [...newLines].some((l) => l.includes(`](${target})`));
          expect(stillListed || unindexed.has(line), `index line dropped silently: ${line}`).toBe(true);
        }
        for (const [filename, file] of after) {
          void file;
          expect(plan.index.includes(`](${filename})`), `${filename} is not in the index`).toBe(true);
        }
      }),
      { numRuns: runs },
    );
  });

  it('keeps the index within Claude Code limits, one line per memory, each within the line target', () => {
    fc.assert(
      fc.property(directory, ({ memories, index, candidates }) => {
        const plan = planConsolidation({ memories, index, candidates });
        const lines = plan.index
          .replace(/\n$/, '')
          .split('\n')
          .filter((l) => l.startsWith('- '));
        expect(lines.length).toBeLessThanOrEqual(MAX_INDEX_LINES);
        expect(plan.index.length).toBeLessThanOrEqual(MAX_INDEX_CHARS);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(150);
        const files = lines.map((l) => /\]\(([^)]+)\)/.exec(l)?.[1]);
        expect(new Set(files).size).toBe(files.length);
      }),
      { numRuns: runs },
    );
  });
});
