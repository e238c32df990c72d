import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConsolidationReport } from '../../src/consolidation/agentReport.js';
import { planFromAgent } from '../../src/consolidation/planFromAgent.js';
import { INDEX_LINE_TARGET, MAX_INDEX_CHARS, MAX_INDEX_LINES } from '../../src/memory/durable/memoryIndex.js';
import type { TopicFile } from '../../src/memory/durable/topicFile.js';
import { fcRuns } from '../support/fcRuns.js';

const names = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md'];
const name = fc.constantFrom(...names);
const text = fc.string({ minLength: 1, maxLength: 200 });
const topic = (filename: string, description: string): TopicFile => ({
  name: filename.replace(/\.md$/, ''),
  description,
  type: 'project',
  body: description,
});

/** What an agent may leave: any files before, any written, any deleted, any index, any report, true or not. */
const work = fc.record({
  before: fc.uniqueArray(fc.tuple(name, text), { selector: ([n]) => n }),
  written: fc.uniqueArray(fc.tuple(name, text), { selector: ([n]) => n }),
  deleted: fc.uniqueArray(name),
  index: fc.array(fc.tuple(name, fc.string({ maxLength: 400 })), { maxLength: 260 }),
  claims: fc.array(
    fc.record({
      file: name,
      kind: fc.constantFrom<ConsolidationReport['changes'][number]['kind']>('added', 'updated', 'merged', 'removed', 'contradicts'),
      into: fc.option(name, { nil: undefined }),
      reason: text,
    }),
    { maxLength: 8 },
  ),
});

describe('planFromAgent, whatever the agent did or said', () => {
  it('never loses a memory without a recorded reason, and keeps the index within Claude Code limits', () => {
    fc.assert(
      fc.property(work, (w) => {
        const before = new Map(w.before.map(([n, d]) => [n, topic(n, d)]));
        const written = new Map(w.written.filter(([n]) => !w.deleted.includes(n)).map(([n, d]) => [n, topic(n, `${d} (new)`)]));
        const report: ConsolidationReport = {
          summary: '',
          changes: w.claims.map((c) => ({
            file: c.file,
            kind: c.kind,
            reason: c.reason,
            ...(c.into === undefined ? {} : { into: c.into }),
          })),
        };
        const { plan, restored } = planFromAgent({
          before,
          written,
          deleted: w.deleted.filter((n) => !written.has(n)),
          indexBefore: '',
          index: w.index.map(([n, hook]) => `- [${n}](${n}) — ${hook.replace(/\s+/g, ' ')}`).join('\n'),
          report,
          kept: [],
          instructions: [],
          sessions: new Set(),
        });
        const after = new Set([...before.keys(), ...written.keys()]);
        for (const [filename, file] of plan.writes) if (file === null) after.delete(filename);
        for (const filename of before.keys()) {
          if (after.has(filename)) continue;
          // Gone: a change says why, with a reason the agent gave, and a merge names a memory that is there.
          const change = plan.changes.find((c) => (c.kind === 'merged' || c.kind === 'removed') && c.filename === filename);
          expect(change, filename).toBeDefined();
          if (change?.kind === 'merged') expect(after.has(change.into)).toBe(true);
          expect(restored).not.toContain(filename);
        }
        const lines = plan.index === '' ? [] : plan.index.replace(/\n$/, '').split('\n');
        expect(lines.length).toBeLessThanOrEqual(MAX_INDEX_LINES);
        expect(plan.index.length).toBeLessThanOrEqual(MAX_INDEX_CHARS);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(INDEX_LINE_TARGET);
        // One line per memory that stays, none for a file that is gone (while the index has room).
        const linked = lines.map((l) => /\]\(([^)]+)\)/.exec(l)?.[1]);
        expect(linked.filter((f) => f !== undefined && !after.has(f))).toEqual([]);
        expect(new Set(linked).size).toBe(linked.length);
        if (lines.length < MAX_INDEX_LINES * 0.9) expect(new Set(linked)).toEqual(after);
      }),
      { numRuns: fcRuns },
    );
  });
});
