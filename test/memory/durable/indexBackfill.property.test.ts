import fc from 'fast-check';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillIndex, BACKFILL_MAX_CHARS, BACKFILL_MAX_LINES, planBackfillIndex } from '../../../src/memory/durable/index.js';
import { fcRuns } from '../../support/fcRuns.js';
import { tempDir } from '../../support/tempDir.js';

const name = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('a[b', 'c]d', 'e(f)', 'g\nh', 'i\u200bj', 'team/x', 'logs/y', '.hidden/z', 'sub/ok'),
);
const header = fc.record({
  filename: name.map((n) => `${n}.md`),
  description: fc.option(fc.string({ maxLength: 400 }), { nil: null }),
  savedAtMs: fc.integer({ min: 0, max: 1e12 }),
});

describe('index backfill (property)', () => {
  it('lines of at most 150 characters, newest first, within 140 lines and 17,500 characters; bad names never listed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(header, { selector: (h) => h.filename, maxLength: 300 }), (headers) => {
        const plan = planBackfillIndex(headers);
        const lines = plan.content === '' ? [] : plan.content.replace(/\n$/, '').split('\n');
        expect(lines.length).toBeLessThanOrEqual(BACKFILL_MAX_LINES);
        expect(plan.content.trimEnd().length).toBeLessThanOrEqual(BACKFILL_MAX_CHARS);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(150);
        expect(lines).toHaveLength(plan.listed.length);
        const times = plan.listed.map((f) => headers.find((h) => h.filename === f)!.savedAtMs);
        expect(times).toEqual([...times].sort((a, b) => b - a));
        for (const file of plan.listed) expect(file).not.toMatch(/[[\]()\n\u200b]|^(team|logs)\/|(^|\/)\./);
        expect(plan.listed.length + plan.skipped.length).toBe(headers.length);
      }),
      { numRuns: fcRuns },
    );
  });

  it('never overwrites: whatever MEMORY.md holds before, it holds after', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 5 }), async (existing, topics) => {
        const dir = join(tempDir(), 'memory');
        mkdirSync(dir);
        for (let i = 0; i < topics; i++) writeFileSync(join(dir, `t${i}.md`), `---\ndescription: fact ${i}\ntype: user\n---\n`);
        writeFileSync(join(dir, 'MEMORY.md'), existing);
        expect((await backfillIndex(dir)).status).toBe('exists');
        expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8')).toBe(existing);
      }),
      { numRuns: Math.min(fcRuns, 50) },
    );
  });
});
