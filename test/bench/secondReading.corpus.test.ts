import { describe, expect, it } from 'vitest';
import { SECOND_READING } from '../../bench/quality/real/secondReading.js';
import { goldFiles, loadGold, readGold } from '../../bench/quality/real/realGold.js';
import { readersAgree } from '../../bench/quality/real/readersAgree.js';
import { hasAllWords } from '../../bench/quality/matchWords.js';

describe('the second reading (decision 154)', () => {
  const second = goldFiles(SECOND_READING).map((path) => readGold(path, SECOND_READING));

  it('reads sessions of the benchmark, each once, in the half the benchmark keeps it in', () => {
    const halfOf = new Map(loadGold().map((gold) => [gold.session, gold.half]));
    expect(second.filter((gold) => gold.half === 'dev').length).toBeGreaterThanOrEqual(20);
    for (const gold of second) expect(halfOf.get(gold.session), gold.session).toBe(gold.half);
    expect(new Set(second.map((gold) => gold.session)).size).toBe(second.length);
  });

  it('quotes in each item the words a memory of it must hold, so a memory quoting the person matches', () => {
    const unmatched = second.flatMap((gold) =>
      gold.items.filter((item) => !hasAllWords(item.text, item.words)).map((item) => `${gold.session}#${item.id}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('has a first reading for every session it reads', () => {
    const first = loadGold().filter((gold) => second.some((other) => other.session === gold.session));
    expect(() => readersAgree(first, second)).not.toThrow();
  });
});
