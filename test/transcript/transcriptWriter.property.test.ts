import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENTRY_SCHEMAS, serializeEntry, TranscriptWriter } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { asEntry, entryObject } from '../support/arbitraries.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

const known = new Set(Object.keys(ENTRY_SCHEMAS));

describe('writer properties', () => {
  it('generated entry sequences, appended in any batches, read back unchanged and deduplicated by uuid', async () => {
    const plan = fc.array(
      fc.oneof(
        { weight: 5, arbitrary: entryObject.map((o) => ({ o, repeat: false })) },
        { weight: 1, arbitrary: fc.constant({ o: null, repeat: true }) },
      ),
      { maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(plan, fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }), async (steps, batchSizes) => {
        const objects: Array<Record<string, unknown>> = [];
        for (const step of steps) {
          const previous = objects.at(-1);
          if (step.o !== null) objects.push(step.o);
          else if (previous) objects.push(previous); // the same entry written twice
        }
        const entries = objects.map((o) => asEntry(o, known));
        const path = join(tempDir(), 'session.jsonl');
        const writer = new TranscriptWriter({ path });
        let at = 0;
        for (let b = 0; at < entries.length; b++) {
          const size = batchSizes[b % batchSizes.length] ?? 1;
          await writer.append(entries.slice(at, at + size));
          at += size;
        }
        const seen = new Set<string>();
        const expected = entries.filter((entry) => {
          const uuid = entry.type === 'unknown' ? undefined : (entry as { uuid?: unknown }).uuid;
          if (typeof uuid !== 'string') return true;
          if (seen.has(uuid)) return false;
          seen.add(uuid);
          return true;
        });
        const materialized = entries.some((e) => e.type === 'user' || e.type === 'assistant');
        expect(existsSync(path)).toBe(materialized);
        if (!materialized) return;
        const items = readTranscriptFileSync(path);
        expect(items.map((i) => i.raw)).toEqual(expected.map(serializeEntry));
        expect(items.map((i) => (i.kind === 'entry' ? i.entry : null))).toEqual(expected);
      }),
      { numRuns: Math.max(10, Math.floor(fcRuns / 4)) },
    );
  });
});
