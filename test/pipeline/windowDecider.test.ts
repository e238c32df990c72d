import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry, ReadItem } from '../../src/index.js';
import { replayDecisions, replaySync } from '../../src/pipeline/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

/** Prompts and responses, each response sent with the input given. */
function session(sizes: readonly number[]): LogEntry[] {
  const entries: Entry[] = sizes.flatMap((size, i): Entry[] => [
    userEntry(`u${i}`, 'carry on with the next step of the migration'),
    assistantEntry(`a${i}`, `m${i}`, text('done'), {
      usage: { input_tokens: 1, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: size - 1 },
    }),
  ]);
  return entries.map((entry, seq) => ({ seq, entry }));
}

const kinds = (decisions: readonly Decision[]) => decisions.map((d) => `${d.kind} ${d.seq}`);

describe('the replay fold reads the window from usage (decision 113)', () => {
  it('a compaction due against 200,000 is held, then dropped when a later response proves the 1M window', () => {
    const entries = session([50_000, 170_000, 180_000, 250_000, 260_000]);
    const against200k = replaySync(entries, { autocompact: { contextWindow: 200_000 } }).decisions;
    expect(against200k.filter((d) => d.kind === 'compaction_due').length).toBeGreaterThan(0);
    const held: Decision[] = [];
    const result = replaySync(entries, {}, undefined, [], undefined, (d) => held.push(d));
    expect(held.some((d) => d.kind === 'compaction_due')).toBe(true);
    expect(result.inferred).toEqual({ assumed: 200_000, window: 1_000_000, input: 250_000 });
    expect(result.decisions.filter((d) => d.kind === 'compaction_due')).toEqual([]);
    expect(kinds(result.decisions)).toEqual(kinds(replaySync(entries, { autocompact: { contextWindow: 1_000_000 } }).decisions));
  });

  it('a session that ends within 200,000 gets its held compactions back, each in its place among the other decisions', () => {
    const entries = session([50_000, 170_000, 20_000, 90_000, 175_000, 30_000]);
    const result = replaySync(entries, { policy: 'memlog' });
    expect(result.inferred).toBeNull();
    const given = replaySync(entries, { policy: 'memlog', autocompact: { contextWindow: 200_000 } }).decisions;
    expect(given.filter((d) => d.kind === 'compaction_due').length).toBe(2);
    expect(result.decisions).toEqual(given);
  });

  it('live, a decision is made against the window known then, and the raise is told once, when usage proves it', async () => {
    const entries = session([50_000, 170_000, 180_000, 250_000, 260_000]);
    const items = entries.map((e): ReadItem => ({ kind: 'entry', seq: e.seq, line: e.seq + 1, offset: 0, raw: '', entry: e.entry }));
    const told: number[] = [];
    const live = await lastValueFrom(
      replayDecisions(from(items), {}, { live: true, onInferred: (inferred) => told.push(inferred.input) }).pipe(toArray()),
    );
    expect(told).toEqual([250_000]);
    const due = live.filter((d) => d.kind === 'compaction_due');
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((d) => d.seq < 7)).toBe(true);
    const held = await lastValueFrom(replayDecisions(from(items)).pipe(toArray()));
    expect(held).toEqual(replaySync(entries).decisions);
  });
});
