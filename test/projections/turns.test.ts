import { describe, expect, it } from 'vitest';
import { buildTimeline, selectTurns, turnsProjection, type Entry } from '../../src/index.js';
import { isPrompt, PROMPT_PREVIEW_CHARS, promptPreview, promptText } from '../../src/projections/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { numbered, projectionSpec } from '../support/givenWhenThen.js';

const turns = projectionSpec(turnsProjection);

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
    turns.when(...entries).thenState(
      (state) => selectTurns(state).map((t) => [t.index, t.promptUuid, t.promptChars, t.toolCalls, t.toolErrors, t.endUuid]),
      [
        [1, 'u1', 'fix the test'.length, 1, 1, 'a3'],
        [2, 'u2', 'thanks'.length, 0, 0, null],
      ],
    );
  });

  it('keeps no prompt text; the timeline shows a one-line preview, cut without splitting a character', () => {
    const long = `${'x'.repeat(PROMPT_PREVIEW_CHARS - 2)}😀 and\n\nmuch   more`;
    const entries: Entry[] = [userEntry('u1', long), assistantEntry('a1', 'm1', text('ok')), userEntry('u2', 'short\n prompt')];
    turns.when(...entries).then((state) => {
      const [first] = selectTurns(state);
      expect(first).not.toHaveProperty('prompt');
      expect(first?.promptChars).toBe(long.replace(/\s+/g, ' ').length);
    });
    const timeline = buildTimeline(numbered(entries));
    expect(timeline.turns.map((t) => t.prompt)).toEqual([`${'x'.repeat(PROMPT_PREVIEW_CHARS - 2)}…`, 'short prompt']);
    expect(promptPreview(entries[0]!, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(promptText(entries[2]!)).toBe('short prompt');
  });
});
