import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextIds } from '../../src/resume/textIds.js';
import { fcRuns } from '../support/fcRuns.js';

const idChars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');

/** Uuids as Claude Code writes them and in capitals, message and tool ids of any length, and any other text. */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((uuid) => uuid.toUpperCase()) },
  { weight: 3, arbitrary: fc.string({ unit: idChars, minLength: 1, maxLength: 70 }) },
  { weight: 1, arbitrary: fc.string({ unit: idChars, maxLength: 8 }).map((id) => `toolu_${id}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '', '-', '_') },
);

describe('text ids', () => {
  it('number each text once, in the order first seen, know which they have, and give the very text back', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 500 }), fc.array(text, { maxLength: 20 }), (texts, others) => {
        const ids = new TextIds();
        const expected = new Map<string, number>();
        for (const t of texts) {
          if (!expected.has(t)) expected.set(t, expected.size);
          expect(ids.idOf(t)).toBe(expected.get(t));
        }
        expect(ids.size).toBe(expected.size);
        for (const [t, id] of expected) expect(ids.textOf(id)).toBe(t);
        for (const t of others) expect(ids.has(t)).toBe(expected.has(t));
      }),
      { numRuns: fcRuns },
    );
  });

  it('keeps every text once its table has grown many times', () => {
    const ids = new TextIds();
    const uuid = (i: number): string =>
      `${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const tool = (i: number): string => `toolu_01${i.toString(36).padStart(22, '_')}`;
    for (let i = 0; i < 20_000; i++) {
      expect(ids.idOf(uuid(i))).toBe(2 * i);
      expect(ids.idOf(tool(i))).toBe(2 * i + 1);
    }
    for (let i = 0; i < 20_000; i += 7) {
      expect(ids.idOf(uuid(i))).toBe(2 * i);
      expect(ids.textOf(2 * i + 1)).toBe(tool(i));
      expect(ids.has(tool(i))).toBe(true);
    }
    expect(ids.has(tool(20_001))).toBe(false);
  });
});
