import { describe, expect, it } from 'vitest';
import { autocompactThresholds, selectContextTokens, tokensProjection, type Entry } from '../../src/index.js';
import { createAutocompactTrigger, createSessionNotesTrigger, estimateMessageTokens, selectPressure } from '../../src/projections/index.js';
import { assistantEntry, compactBoundaryEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { projectionSpec, triggerSpec } from '../support/givenWhenThen.js';

/** A response's usage whose four counters add up to `total`. */
const usage = (total: number) => ({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: total });

const notes = triggerSpec(createSessionNotesTrigger());
let n = 0;
const id = (prefix: string): string => `${prefix}${++n}`;
/** A user prompt and a text-only response of the given context size. */
const textTurn = (tokens: number): Entry[] => [
  userEntry(id('u'), 'q'),
  assistantEntry(id('a'), id('m'), text(''), { usage: usage(tokens) }),
];
/** One response calling `calls` tools, with its results. */
const toolResponse = (tokens: number, calls: number): Entry[] => {
  const message = id('m');
  const pieces = Array.from({ length: calls }, () => assistantEntry(id('a'), message, toolUse(id('t')), { usage: usage(tokens) }));
  const results = pieces.map((piece) =>
    toolResultEntry(id('r'), (piece.message.content as Array<{ id: string }>)[0]!.id, piece.uuid, { content: '' }),
  );
  return [...pieces, ...results];
};

describe('session-notes trigger (spec §4.3)', () => {
  it('needs 10,000 tokens to start: 9,999 is not enough, 10,000 is', () => {
    notes.when(...textTurn(9_999)).thenNothing();
    notes.when(...textTurn(10_000)).thenMatch([{ kind: 'session_notes_due', tokens: 10_000, toolCallsSinceUpdate: 0 }]);
  });

  it('then needs 5,000 tokens of growth: 4,999 is not enough, 5,000 is', () => {
    notes.when(...textTurn(10_000), ...textTurn(14_999)).thenEach((d) => d.tokens, [10_000]);
    notes.when(...textTurn(10_000), ...textTurn(15_000)).thenEach((d) => d.tokens, [10_000, 15_000]);
  });

  it('mid-turn (the response calls tools) it needs 3 tool calls since the last update: 2 are not enough', () => {
    const start = textTurn(10_000);
    notes.when(...start, userEntry(id('u'), 'go'), ...toolResponse(20_000, 2)).thenEach((d) => d.tokens, [10_000]);
    notes
      .when(...start, userEntry(id('u'), 'go'), ...toolResponse(20_000, 3))
      .thenMatch([
        { toolCallsSinceUpdate: 0 },
        { toolCallsSinceUpdate: 3, reason: expect.stringMatching(/3 tool calls since the last update/) },
      ]);
  });

  it('decides once per response, after its last piece, and never sums the pieces’ usage', () => {
    const message = id('m');
    notes
      .when(
        userEntry(id('u'), 'go'),
        assistantEntry('p1', message, text(''), { usage: usage(6_000) }),
        assistantEntry('p2', message, text(''), { usage: usage(10_000) }),
      )
      .thenMatch([{ uuid: 'p2', tokens: 10_000 }]);
  });

  it('a response whose tool results are written between its pieces is evaluated once, without those results', () => {
    const message = id('m');
    const piece = (uuid: string, tool: string) => assistantEntry(uuid, message, toolUse(tool), { usage: usage(18_000) });
    const result = (uuid: string, tool: string, on: string) => toolResultEntry(uuid, tool, on, { content: 'x'.repeat(24_000) });
    const entries = [
      userEntry(id('u'), 'go'),
      piece('p1', 't1'),
      result('r1', 't1', 'p1'),
      piece('p2', 't2'),
      result('r2', 't2', 'p2'),
      piece('p3', 't3'),
      result('r3', 't3', 'p3'),
      assistantEntry('next', id('m'), text('done'), { usage: usage(40_000) }),
    ];
    notes.when(...entries).then((due) => {
      expect(due[0]).toMatchObject({ uuid: 'p3', toolCallsSinceUpdate: 3 });
      expect(due[0]!.tokens).toBeLessThan(18_100); // the response's own usage and pieces, not the 18,000 tokens of results
      expect(due).toHaveLength(2); // and once more for the next response
    });
  });

  it('after a compaction, the cursor’s message is gone: only a response without tool calls makes an update due', () => {
    notes
      .given(...textTurn(10_000))
      .when(
        compactBoundaryEntry(id('b'), 'x'),
        ...textTurn(20_000),
        userEntry(id('u'), 'go'),
        ...toolResponse(26_000, 3),
        ...toolResponse(32_000, 3),
      )
      // The 10,000-token update is decided when the boundary closes its response, so it is among the when decisions.
      .thenEach((d) => d.tokens, [10_000]);
  });

  it('ignores sidechain entries: a subagent’s large context triggers nothing', () => {
    const side = { isSidechain: true, agentId: 'a1' };
    notes
      .when(userEntry(id('u'), 'task', side), assistantEntry(id('a'), id('m'), text(''), { ...side, usage: usage(50_000) }))
      .thenNothing();
  });

  it('moves lastSummarizedMessageId only on a response without tool calls', () => {
    const first = textTurn(10_000);
    const firstResponse = first[1] && 'uuid' in first[1] ? first[1].uuid : '';
    // Set by the first update (a response without tool calls), kept by the second (one with tool calls).
    notes
      .when(...first, userEntry(id('u'), 'go'), ...toolResponse(20_000, 3))
      .thenEach((d) => d.lastSummarizedMessageId, [firstResponse, firstResponse]);
  });

  it('re-takes the growth baseline after a compaction (Claude Code never resets it)', () => {
    const before = textTurn(100_000);
    const after = [compactBoundaryEntry(id('b'), 'x'), ...textTurn(20_000), ...textTurn(24_999), ...textTurn(25_000)];
    notes.when(...before, ...after).thenEach((d) => d.tokens, [100_000, 25_000]);
  });

  it('thresholds are settings', () => {
    const eager = triggerSpec(
      createSessionNotesTrigger({ minimumTokensToInit: 100, minimumTokensBetweenUpdates: 10, toolCallsBetweenUpdates: 1 }),
    );
    eager.when(...textTurn(100)).thenEach((d) => d.tokens, [100]);
  });
});

describe('autocompact trigger (spec §5.3)', () => {
  const compact = triggerSpec(createAutocompactTrigger());

  it('derives 167,000 / 147,000 / 177,000 for a 200K window and 32K output', () => {
    expect(autocompactThresholds()).toEqual({ effectiveWindow: 180_000, threshold: 167_000, warning: 147_000, blocking: 177_000 });
    expect(autocompactThresholds({ contextWindow: 1_000_000, maxOutputTokens: 8_000, maxConsecutiveFailures: 3 }).threshold).toBe(979_000);
    expect([146_999, 147_000, 167_000, 177_000].map((t) => selectPressure(t, autocompactThresholds()))).toEqual([
      'ok',
      'warning',
      'compact',
      'blocked',
    ]);
  });

  it('is due at 167,000 tokens, not at 166,999', () => {
    compact.when(...textTurn(166_999)).thenNothing();
    compact.when(...textTurn(167_000)).thenMatch([{ kind: 'compaction_due', tokens: 167_000, threshold: 167_000 }]);
  });

  it('a compaction in the log resets the count', () => {
    // 170,000 is decided when the boundary arrives; after it, 30,000 tokens decide nothing.
    compact
      .given(...textTurn(170_000))
      .when(compactBoundaryEntry(id('b'), 'x'), ...textTurn(30_000))
      .thenEach((d) => d.tokens, [170_000]);
  });
});

describe('tokens (spec §5.4)', () => {
  const tokens = projectionSpec(tokensProjection);

  it('is the newest usage plus chars/4 of what came after that response’s first piece', () => {
    const message = id('m');
    const entries = [
      userEntry(id('u'), 'x'.repeat(400)),
      assistantEntry(id('a'), message, text('y'.repeat(40)), { usage: usage(1_000) }),
      assistantEntry(id('a'), message, text('z'.repeat(80)), { usage: usage(1_010) }),
      userEntry(id('u'), 'w'.repeat(400)),
    ];
    tokens.when(...entries).thenState(selectContextTokens, 1_010 + 20 + 100);
  });

  it('the compaction-sizing estimate counts array content only and pads by 4/3, rounded up', () => {
    const entries = [
      userEntry(id('u'), 'x'.repeat(400)),
      userEntry(id('u'), [text('y'.repeat(40))]),
      assistantEntry(id('a'), id('m'), text('z'.repeat(41))),
    ];
    expect(estimateMessageTokens(entries)).toBe(Math.ceil(((10 + 10) * 4) / 3));
  });

  it('is a pure estimate before any response, and ignores synthetic replies', () => {
    const synthetic = { ...assistantEntry(id('a'), id('m'), text('No response requested.'), { usage: usage(99_999) }) };
    synthetic.message = { ...synthetic.message, model: '<synthetic>' };
    tokens.when(userEntry(id('u'), 'x'.repeat(4_000)), synthetic).thenState(selectContextTokens, 1_000 + 6);
  });
});
