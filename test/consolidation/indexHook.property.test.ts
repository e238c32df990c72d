import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildIndex } from '../../src/consolidation/rebuildIndex.js';
import { MEMORY_TYPES } from '../../src/memory/durable/topicFile.js';
import { fcRuns } from '../support/fcRuns.js';

const word = fc.stringMatching(/^[a-z]{1,12}$/);
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));

describe('an index line says more than its type (decision 120, amended 2026-12-07)', () => {
  it('whatever the title, description and body, the hook is never a bare type label and the link is whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MEMORY_TYPES), words(1, 20), words(0, 30), fc.option(words(1, 10)), (type, title, more, reason) => {
        const filename = 'some-memory.md';
        const description = `${title} ${more}`.trim();
        const body = reason === null ? description : `${description}\n\n**Why:** ${reason}`;
        const { content } = rebuildIndex({
          index: '',
          memories: new Map([[filename, { name: 'some-memory', type, description, body }]]),
          described: new Set([filename]),
          kept: [],
          mergedInto: new Map(),
          titles: new Map([[filename, title]]),
        });
        const line = content.trimEnd();
        expect(line).toMatch(/^- \[[^\]]*\]\(some-memory\.md\) — \S/);
        const hook = line.slice(line.indexOf(') — ') + 4);
        expect(MEMORY_TYPES.map((t) => `${t} memory`)).not.toContain(hook);
      }),
      { numRuns: fcRuns },
    );
  });
});
