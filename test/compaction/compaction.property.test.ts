import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { CompactStrategy } from '../../src/index.js';
import { sizedConversation } from '../support/compactionArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { checkCompaction } from './compactionChecks.js';

const scenario = fc.record({
  entries: sizedConversation,
  strategy: fc.constantFrom<CompactStrategy>('auto', 'notes', 'summary'),
  /** The threshold: the window is set so that it lands here (the summary reserve and buffer are fixed). */
  threshold: fc.integer({ min: 60, max: 4_000 }),
  notes: fc.boolean(),
  /** Which message the notes cover: an index into the view, or none. */
  covered: fc.option(fc.nat(), { nil: undefined }),
  modelFails: fc.boolean(),
});

describe('compaction properties', () => {
  it('keeps every invariant for every conversation and strategy, ends under the threshold when it can, and is idempotent', async () => {
    await fc.assert(fc.asyncProperty(scenario, checkCompaction), { numRuns: fcRuns });
  }, 300_000);
});
