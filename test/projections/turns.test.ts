import { describe, expect, it } from 'vitest';
import { foldAll, isPrompt, PROMPT_PREVIEW_CHARS, selectTurns, turnsProjection, type Entry } from '../../src/index.js';
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

  it('keeps a one-line preview of each prompt, cut without splitting a character, and the whole length', () => {
    const long = `${'x'.repeat(PROMPT_PREVIEW_CHARS - 2)}😀 and\n\nmuch   more`;
    const entries: Entry[] = [userEntry('u1', long), assistantEntry('a1', 'm1', text('ok')), userEntry('u2', 'short\n prompt')];
    const turns = selectTurns(foldAll(turnsProjection, entries.map((entry, seq) => ({ seq, entry }))));
    const oneLine = long.replace(/\s+/g, ' ');
    expect(turns[0]?.prompt).toBe(`${'x'.repeat(PROMPT_PREVIEW_CHARS - 2)}…`);
    expect(turns[0]?.prompt.length).toBeLessThanOrEqual(PROMPT_PREVIEW_CHARS);
    expect(turns[0]?.promptChars).toBe(oneLine.length);
    expect(turns[1]).toMatchObject({ prompt: 'short prompt', promptChars: 12 });
  });
});
