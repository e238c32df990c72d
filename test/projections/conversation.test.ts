import { describe, expect, it } from 'vitest';
import { foldAll, type Entry } from '../../src/index.js';
import { conversationProjection, selectChain, selectMessages, selectOpenToolUses } from '../../src/projections/index.js';
import { assistantEntry, compactBoundaryEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';

const fold = (entries: Entry[]) => foldAll(conversationProjection, entries.map((entry, seq) => ({ seq, entry })));

describe('conversation projection', () => {
  it('keeps the main-thread messages since the last boundary, the leaf, and the tool calls still open', () => {
    const state = fold([
      userEntry('u1', 'go'),
      assistantEntry('a1', 'm1', toolUse('t1')),
      assistantEntry('a2', 'm1', toolUse('t2')),
      toolResultEntry('r1', 't1', 'a1'),
      userEntry('s1', 'agent', { isSidechain: true, agentId: 'abc' }),
    ]);
    expect(selectMessages(state).map((m) => [m.uuid, m.role, m.messageId])).toEqual([
      ['u1', 'user', null],
      ['a1', 'assistant', 'm1'],
      ['a2', 'assistant', 'm1'],
      ['r1', 'user', null],
    ]);
    expect(state.leaf).toBe('r1');
    expect(selectOpenToolUses(state)).toEqual(['t2']);
    expect(state.sidechains).toEqual({ abc: 1 });
  });

  it('walks the chain from the leaf through parentUuid, leaving an abandoned branch out', () => {
    const state = fold([
      userEntry('u1', 'go'),
      assistantEntry('old', 'm1', text('first try'), { parentUuid: 'u1' }),
      assistantEntry('new', 'm2', text('retry'), { parentUuid: 'u1' }),
      userEntry('u2', 'next', { parentUuid: 'new' }),
    ]);
    expect(selectChain(state).map((m) => m.uuid)).toEqual(['u1', 'new', 'u2']);
  });

  it('starts over at a compact boundary', () => {
    const state = fold([userEntry('u1', 'old'), assistantEntry('a1', 'm1', toolUse('t1')), compactBoundaryEntry('b', 'a1'), userEntry('s', 'summary', { parentUuid: 'b' }), assistantEntry('a2', 'm2', text('hi'))]);
    expect(selectMessages(state).map((m) => m.uuid)).toEqual(['s', 'a2']);
    expect(selectOpenToolUses(state)).toEqual([]);
    expect(state).toMatchObject({ boundaries: 1, lastBoundary: 'b', leaf: 'a2' });
  });

  it('returns the same state for entries that change nothing', () => {
    const state = fold([userEntry('u1', 'x')]);
    const side = { type: 'queue-operation', operation: 'enqueue' } as unknown as Entry;
    expect(conversationProjection.evolve(state, { seq: 9, entry: side })).toBe(state);
  });
});
