import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Decision, Entry, LogEntry, ReadItem } from '../../src/index.js';
import { replayDecisions, replaySync } from '../../src/pipeline/index.js';
import { assistantEntry, compactBoundaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

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

  it("Claude Code's own compaction within 200,000 settles it: what was held comes out there, not at the end of the log", () => {
    const [before, after] = [session([50_000, 170_000, 175_000]), session([30_000, 60_000, 90_000])];
    const boundary = (trigger: string): LogEntry => ({
      seq: before.length,
      entry: { ...compactBoundaryEntry('b', 'a2'), compactMetadata: { trigger, preTokens: 175_000 } },
    });
    const told = (trigger: string): Map<string, number> => {
      const entries = [...before, boundary(trigger), ...after.map((e) => ({ ...e, seq: e.seq + before.length + 1 }))];
      let read = -1;
      const walked: Iterable<LogEntry> = {
        *[Symbol.iterator]() {
          for (const entry of entries) {
            read = entry.seq;
            yield entry;
          }
        },
      };
      const at = new Map<string, number>();
      replaySync(walked, { policy: 'memlog' }, undefined, [], (d) => at.set(`${d.kind} ${d.seq}`, read));
      return at;
    };
    const auto = told('auto');
    const due = [...auto.keys()].filter((key) => key.startsWith('compaction_due'));
    expect(due.length).toBeGreaterThan(0);
    for (const key of due) expect(auto.get(key)).toBe(before.length);
    // A compaction made by hand says nothing of the window: the decisions wait for the end of the log.
    const manual = told('manual');
    for (const key of due) expect(manual.get(key)).toBeGreaterThan(before.length);
  });

  it('live, a decision is made against the window known then, and the raise is told once, when usage proves it, from that entry on', async () => {
    const entries = session([50_000, 170_000, 180_000, 250_000, 260_000]);
    const items = entries.map((e): ReadItem => ({ kind: 'entry', seq: e.seq, line: e.seq + 1, offset: 0, raw: '', entry: e.entry }));
    const told: Array<[number, number | undefined]> = [];
    const live = await lastValueFrom(
      replayDecisions(from(items), {}, { live: true, onInferred: (inferred) => told.push([inferred.input, inferred.since]) }).pipe(
        toArray(),
      ),
    );
    expect(told).toEqual([[250_000, 7]]);
    const due = live.filter((d) => d.kind === 'compaction_due');
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((d) => d.seq < 7)).toBe(true);
    const held = await lastValueFrom(replayDecisions(from(items)).pipe(toArray()));
    expect(held).toEqual(replaySync(entries).decisions);
  });
});
