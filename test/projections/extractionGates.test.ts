import { describe, expect, it } from 'vitest';
import type { Decision, Entry } from '../../src/index.js';
import { createExtractionTrigger, DEFAULT_EXTRACTION_SETTINGS, type ExtractionSettings } from '../../src/projections/index.js';
import { proseWords, wordsBucket } from '../../src/projections/proseWords.js';
import { claudeCodeRules } from '../../src/projections/triggerPolicy.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import { triggerSpec } from '../support/givenWhenThen.js';

let n = 0;
const id = (p: string): string => `${p}${++n}`;
const at = (second: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
/** A prompt of these words and a final answer, the answer written at `second`. */
const turn = (words: string, second = 0): Entry[] => [
  userEntry(id('u'), words, { timestamp: at(second) }),
  assistantEntry(id('a'), id('m'), text('done'), { timestamp: at(second) }),
];
const gated = (settings: Partial<ExtractionSettings>) =>
  triggerSpec(createExtractionTrigger({ ...DEFAULT_EXTRACTION_SETTINGS, ...settings }));
const prose = gated({ minProseWords: 3 });
/** What each decision was: due, or the gate that skipped it. */
const outcome = (d: Decision): string => (d.kind === 'extraction_skipped' ? (d.gate ?? 'direct_write') : d.kind);

describe('the prose gate (2.1.332 spec §2)', () => {
  it('skips, cursor moved, when the user wrote 2 words; runs at 3', () => {
    prose.when(...turn('fix it'), ...turn('fix it now')).thenEach(outcome, ['prose', 'extraction_due']);
  });

  it('names its numbers and the bucket in the reason', () => {
    prose.when(...turn('ok')).thenMatch([
      {
        kind: 'extraction_skipped',
        gate: 'prose',
        cursorMoved: true,
        words: 1,
        reason: expect.stringMatching(
          /prose gate: no user message since the cursor has 3 words or more \(most 1, bucket 0–2; 2 messages\); cursor moved/,
        ),
      },
    ]);
  });

  it('moves the cursor: the next run counts only what came after the skip', () => {
    prose.when(...turn('ok'), ...turn('please add a test')).thenEach((d) => (d.kind === 'extraction_due' ? d.newMessages : -1), [-1, 2]);
  });

  it('passes on any one message since the cursor with enough words, whichever came first', () => {
    const tool = assistantEntry(id('a'), id('m'), toolUse('t1'));
    prose
      .when(
        userEntry(id('u'), 'please rename the module'),
        tool,
        toolResultEntry(id('r'), 't1', tool.uuid),
        userEntry(id('u'), 'ok'),
        assistantEntry(id('a'), id('m'), text('done')),
      )
      .thenEach(outcome, ['extraction_due']);
  });

  it('does not count tool results or meta messages', () => {
    const tool = assistantEntry(id('a'), id('m'), toolUse('t2'));
    const meta: Entry = { ...userEntry(id('u'), 'a caveat the harness wrote in many words'), isMeta: true };
    prose
      .when(
        userEntry(id('u'), 'go'),
        meta,
        tool,
        toolResultEntry(id('r'), 't2', tool.uuid, { content: 'a long tool output with very many words in it' }),
        assistantEntry(id('a'), id('m'), text('done')),
      )
      .thenEach(outcome, ['prose']);
  });

  it('counts a compact summary unless told not to, after the cursor was compacted away', () => {
    const after = (): Entry[] => {
      const boundary = compactBoundaryEntry(id('b'), 'x');
      return [boundary, compactSummaryEntry(id('s'), boundary.uuid, 'the user wants the tests fixed and kept green'), ...turn('ok')];
    };
    prose.when(...turn('fix the tests'), ...after()).thenEach(outcome, ['extraction_due', 'extraction_due']);
    gated({ minProseWords: 3, proseInSummaries: false })
      .when(...turn('fix the tests'), ...after())
      .thenEach(outcome, ['extraction_due', 'prose']);
  });

  it('counts the words since the cursor across a compaction when told (memlog), else only what is after the boundary', () => {
    const session = (): Entry[] => {
      const boundary = compactBoundaryEntry(id('b'), 'x');
      return [
        ...turn('fix the tests'),
        userEntry(id('u'), 'now extract the pagination helper'),
        boundary,
        compactSummaryEntry(id('s'), boundary.uuid, 'the user wants a pagination helper'),
        assistantEntry(id('a'), id('m'), text('done')),
      ];
    };
    gated({ minProseWords: 3, proseInSummaries: false, proseAcrossCompaction: true })
      .when(...session())
      .thenEach(outcome, ['extraction_due', 'extraction_due']);
    gated({ minProseWords: 3, proseInSummaries: false })
      .when(...session())
      .thenEach(outcome, ['extraction_due', 'prose']);
  });

  it('applies only to the versions it is told, under the claude-code policy', () => {
    const byVersion = gated({ minProseWords: 3, proseGateFor: (version) => claudeCodeRules(version).proseGate });
    const old = turn('ok').map((e) => ({ ...e, version: '2.1.88' }) as Entry);
    byVersion.when(...old, ...turn('ok')).thenEach(outcome, ['extraction_due', 'prose']);
  });

  it('the direct-write skip comes first', () => {
    const write = assistantEntry(
      id('a'),
      id('m'),
      toolUse('t3', 'Write', { file_path: '/h/.claude/projects/-p/memory/x.md', content: 'x' }),
    );
    prose
      .when(userEntry(id('u'), 'ok'), write, toolResultEntry(id('r'), 't3', write.uuid), assistantEntry(id('a'), id('m'), text('saved')))
      .thenEach(outcome, ['direct_write']);
  });
});

describe('prose words', () => {
  it('splits on any whitespace and buckets as Claude Code reports', () => {
    expect(proseWords(userEntry('u', '  fix\tthe\n bug  '))).toBe(3);
    expect(proseWords(userEntry('u', [text('two words'), text('and three more')]))).toBe(5);
    expect(proseWords(userEntry('u', ''))).toBe(0);
    expect([0, 2, 3, 9, 10, 39, 40].map(wordsBucket)).toEqual(['0–2', '0–2', '3–9', '3–9', '10–39', '10–39', '40+']);
  });
});

describe('the cadence', () => {
  it('at N−1 eligible turns holds the run back, cursor kept; at N it runs over everything since', () => {
    gated({ everyTurns: 3 })
      .when(...turn('one two three'), ...turn('one two three'), ...turn('one two three'))
      .thenEach(
        (d) => [outcome(d), d.kind === 'extraction_due' ? d.newMessages : d.kind === 'extraction_skipped' ? `${d.turns}/${d.every}` : null],
        [
          ['cadence', '1/3'],
          ['cadence', '2/3'],
          ['extraction_due', 6],
        ],
      );
  });

  it('says so in the reason; the cursor stays', () => {
    gated({ everyTurns: 2 })
      .when(...turn('hello there you'))
      .thenMatch([
        {
          gate: 'cadence',
          cursorMoved: false,
          reason: expect.stringMatching(/eligible turn 1 of every 2 \(2 messages wait\); cursor stays/),
        },
      ]);
  });

  it('a turn the prose gate skipped does not count toward the cadence', () => {
    gated({ everyTurns: 2, minProseWords: 3 })
      .when(...turn('ok'), ...turn('one two three'), ...turn('one two three'))
      .thenEach(outcome, ['prose', 'cadence', 'extraction_due']);
  });

  it('flushes a held run when the next entry comes after the idle time, and not before', () => {
    const idle = gated({ everyTurns: 3, idleFlushMs: 120_000 });
    idle.when(...turn('one two three', 0), ...turn('one two three', 119)).thenEach(outcome, ['cadence', 'cadence']);
    idle.when(...turn('one two three', 0), ...turn('one two three', 120)).thenEach(
      (d) => [outcome(d), d.kind === 'extraction_due' ? [d.flush ?? '', d.newMessages, d.seq] : null],
      [
        ['cadence', null],
        ['extraction_due', ['idle', 2, 1]],
        ['cadence', null],
      ],
    );
  });
});
