import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { sessionHistory } from '../../src/resume/loadConversation.js';
import { isTextBlock } from '../../src/transcript/contentGuards.js';
import { assistantEntry, compactBoundaryEntry, compactSummaryEntry, text, userEntry } from '../../src/testing/entryBuilders.js';

const t = (second: number): string => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const history = (entries: Entry[]) => sessionHistory(entries.map((entry, seq) => ({ seq, entry })));
/** Each message's text, in order. */
const said = (entries: Entry[]): string[] =>
  history(entries).flatMap((m) => m.content.flatMap((block) => (isTextBlock(block) ? [block.text] : [])));

const turn = (n: number, parentUuid: string | null): Entry[] => [
  userEntry(`u${n}`, `prompt ${n}`, { parentUuid, timestamp: t(n * 2) }),
  assistantEntry(`a${n}`, `m${n}`, text(`answer ${n}`), { parentUuid: `u${n}`, timestamp: t(n * 2 + 1) }),
];

describe('sessionHistory: the whole session through its compactions', () => {
  it('reads what a compaction summarised, in order, without the summary', () => {
    const entries = [
      ...turn(1, null),
      ...turn(2, 'a1'),
      compactBoundaryEntry('b', 'a2', undefined, { timestamp: t(6) }),
      compactSummaryEntry('s', 'b', 'summary of turns 1 and 2', { timestamp: t(7) }),
      ...turn(4, 's'),
    ];
    expect(said(entries)).toEqual(['prompt 1', 'answer 1', 'prompt 2', 'answer 2', 'prompt 4', 'answer 4']);
  });

  it('goes through every compaction of the session', () => {
    const entries = [
      ...turn(1, null),
      compactBoundaryEntry('b1', 'a1', undefined, { timestamp: t(4) }),
      compactSummaryEntry('s1', 'b1', 'first summary', { timestamp: t(5) }),
      ...turn(3, 's1'),
      compactBoundaryEntry('b2', 'a3', undefined, { timestamp: t(8) }),
      compactSummaryEntry('s2', 'b2', 'second summary', { timestamp: t(9) }),
      ...turn(5, 's2'),
    ];
    expect(said(entries)).toEqual(['prompt 1', 'answer 1', 'prompt 3', 'answer 3', 'prompt 5', 'answer 5']);
  });

  it('keeps a preserved segment once, where it was said', () => {
    const segment = { headUuid: 'u2', anchorUuid: 's', tailUuid: 'a2' };
    const entries = [
      ...turn(1, null),
      ...turn(2, 'a1'),
      compactBoundaryEntry('b', 'a2', segment, { timestamp: t(6) }),
      compactSummaryEntry('s', 'b', 'summary of turn 1', { timestamp: t(7) }),
      ...turn(4, 's'),
    ];
    expect(said(entries)).toEqual(['prompt 1', 'answer 1', 'prompt 2', 'answer 2', 'prompt 4', 'answer 4']);
  });

  it('keeps the summary when what it summarised is not in the file: it is the only record left', () => {
    const entries = [
      compactBoundaryEntry('b', 'gone', undefined, { timestamp: t(6) }),
      compactSummaryEntry('s', 'b', 'summary of an earlier file', { timestamp: t(7) }),
      ...turn(4, 's'),
    ];
    expect(said(entries)).toEqual(['summary of an earlier file', 'prompt 4', 'answer 4']);
  });

  it('is the resumed conversation for a session never compacted', () => {
    const entries = [...turn(1, null), ...turn(2, 'a1')];
    expect(said(entries)).toEqual(['prompt 1', 'answer 1', 'prompt 2', 'answer 2']);
  });
});
