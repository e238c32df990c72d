import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneItemEach } from '../../bench/quality/real/oneItemEach.js';
import { scoreReal } from '../../bench/quality/real/realScore.js';
import type { GoldSession } from '../../bench/quality/real/realGold.js';
import { fcRuns } from '../support/fcRuns.js';

const KEYS = ['a', 'b', 'c', 'd', 'e'];

/** Every way of giving each memory one of the items it holds, or none, no item twice. */
function assignments(held: ReadonlyArray<readonly string[]>, from = 0, taken: ReadonlySet<string> = new Set()): string[][] {
  if (from === held.length) return [[]];
  const rest = (key: string | undefined): string[][] =>
    assignments(held, from + 1, key === undefined ? taken : new Set([...taken, key])).map((tail) =>
      key === undefined ? tail : [key, ...tail],
    );
  return [...rest(undefined), ...held[from]!.filter((key) => !taken.has(key)).flatMap(rest)];
}

const held = fc.array(fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }), { maxLength: 5 });
const certain = fc.uniqueArray(fc.constantFrom(...KEYS)).map((keys) => new Set(keys));

describe('one item per memory (decision 153)', () => {
  it('finds as many items, and as many certain items, as the best assignment there is', () => {
    fc.assert(
      fc.property(held, certain, (memories, certainKeys) => {
        const all = assignments(memories);
        const result = oneItemEach(memories, certainKeys);
        expect(result.trueSaves).toBe(Math.max(...all.map((pick) => pick.length)));
        expect(result.certainFound).toBe(Math.max(...all.map((pick) => pick.filter((key) => certainKeys.has(key)).length)));
      }),
      { numRuns: fcRuns },
    );
  });

  it('never credits fewer true saves, nor more certain items, than the first-come reading', () => {
    const words = fc.uniqueArray(fc.constantFrom('port', 'pnpm', 'vitest', 'cloudflare', 'jira'), { minLength: 1, maxLength: 2 });
    const gold = fc.array(fc.tuple(words, fc.boolean()), { minLength: 1, maxLength: 5 }).map((items): GoldSession[] => [
      {
        session: 'acme/one.jsonl',
        half: 'dev',
        note: 'generated',
        items: items.map(([itemWords, isCertain], index) => ({
          id: `item-${index}`,
          type: 'project' as const,
          certainty: isCertain ? ('certain' as const) : ('defensible' as const),
          words: itemWords,
          text: itemWords.join(' '),
        })),
        superseded: [],
        traps: [],
      },
    ]);
    const memories = fc.array(
      fc.uniqueArray(fc.constantFrom('port', 'pnpm', 'vitest', 'cloudflare', 'jira', 'other'), { minLength: 1, maxLength: 4 }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(gold, memories, (golds, texts) => {
        const score = scoreReal(
          golds,
          texts.map((text, index) => ({ project: 'acme', filename: `m${index}.md`, text: text.join(' ') })),
        );
        expect(score.oneItemEach.trueSaves).toBeGreaterThanOrEqual(score.trueSaves);
        expect(score.oneItemEach.certain.found).toBeLessThanOrEqual(score.certain.found);
      }),
      { numRuns: fcRuns },
    );
  });
});
