import { describe, expect, it } from 'vitest';
import { SECOND_READING } from '../../bench/quality/real/secondReading.js';
import { goldFiles, loadGold, readGold } from '../../bench/quality/real/realGold.js';
import { readersAgree } from '../../bench/quality/real/readersAgree.js';

describe('the second reading of development sessions (decision 154)', () => {
  const second = goldFiles(SECOND_READING).map((path) => readGold(path, SECOND_READING));

  it('reads only development sessions of the benchmark, each once', () => {
    const dev = new Set(loadGold('dev').map((gold) => gold.session));
    expect(second.length).toBeGreaterThanOrEqual(20);
    for (const gold of second) expect(dev.has(gold.session), gold.session).toBe(true);
    expect(new Set(second.map((gold) => gold.session)).size).toBe(second.length);
  });

  it('is judged against the first reading of the same sessions', () => {
    const first = loadGold('dev').filter((gold) => second.some((other) => other.session === gold.session));
    const agree = readersAgree(first, second);
    expect(agree.secondByFirst.saved).toBe(second.flatMap((gold) => gold.items).length);
    expect(agree.firstBySecond.saved).toBe(first.flatMap((gold) => gold.items).length);
  });
});
