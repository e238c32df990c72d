import { describe, expect, it } from 'vitest';
import { foldAll, isPrompt, selectTurns, turnsProjection, type Entry } from '../../src/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';

describe('turns', () => {
  it('a turn runs from a prompt to the response without tool calls; tool results and interruptions do not start one', () => {
    const entries: Entry[] = [
      userEntry('u1', 'fix the test'),
      assistantEntry('a1', 'm1', text('looking')),
      assistantEntry('a2', 'm1', toolUse('t1')),
      toolResultEntry('r1', 't1', 'a2', { isError: true }),
      userEntry('i1', [text('[Request interrupted by user for tool use]')]),
      assistantEntry('a3', 'm2', text('stopped')),
      userEntry('u2', 'thanks'),
    ];
    expect(isPrompt(entries[4]!)).toBe(false);
    const turns = selectTurns(foldAll(turnsProjection, entries.map((entry, seq) => ({ seq, entry }))));
    expect(turns.map((t) => [t.index, t.prompt, t.toolCalls, t.toolErrors, t.endUuid])).toEqual([
      [1, 'fix the test', 1, 1, 'a3'],
      [2, 'thanks', 0, 0, null],
    ]);
  });
});
