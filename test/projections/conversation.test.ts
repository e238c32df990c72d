import { describe, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { conversationProjection, selectChain, selectMessages, selectOpenToolUses } from '../../src/projections/index.js';
import { assistantEntry, compactBoundaryEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';
import { projectionSpec } from '../support/givenWhenThen.js';

const conversation = projectionSpec(conversationProjection);

describe('conversation projection', () => {
  it('keeps the main-thread messages since the last boundary, the leaf, and the tool calls still open', () => {
    conversation
      .when(
        userEntry('u1', 'go'),
        assistantEntry('a1', 'm1', toolUse('t1')),
        assistantEntry('a2', 'm1', toolUse('t2')),
        toolResultEntry('r1', 't1', 'a1'),
        userEntry('s1', 'agent', { isSidechain: true, agentId: 'abc' }),
      )
      .thenState(
        (state) => ({
          messages: selectMessages(state).map((m) => [m.uuid, m.role, m.messageId]),
          leaf: state.leaf,
          openToolUses: selectOpenToolUses(state),
          sidechains: state.sidechains,
        }),
        {
          messages: [
            ['u1', 'user', null],
            ['a1', 'assistant', 'm1'],
            ['a2', 'assistant', 'm1'],
            ['r1', 'user', null],
          ],
          leaf: 'r1',
          openToolUses: ['t2'],
          sidechains: { abc: 1 },
        },
      );
  });

  it('walks the chain from the leaf through parentUuid, leaving an abandoned branch out', () => {
    conversation
      .when(
        userEntry('u1', 'go'),
        assistantEntry('old', 'm1', text('first try'), { parentUuid: 'u1' }),
        assistantEntry('new', 'm2', text('retry'), { parentUuid: 'u1' }),
        userEntry('u2', 'next', { parentUuid: 'new' }),
      )
      .thenState((state) => selectChain(state).map((m) => m.uuid), ['u1', 'new', 'u2']);
  });

  it('starts over at a compact boundary', () => {
    conversation
      .given(userEntry('u1', 'old'), assistantEntry('a1', 'm1', toolUse('t1')))
      .when(compactBoundaryEntry('b', 'a1'), userEntry('s', 'summary', { parentUuid: 'b' }), assistantEntry('a2', 'm2', text('hi')))
      .thenState(
        (state) => ({
          messages: selectMessages(state).map((m) => m.uuid),
          openToolUses: selectOpenToolUses(state),
          boundaries: state.boundaries,
          lastBoundary: state.lastBoundary,
          leaf: state.leaf,
        }),
        { messages: ['s', 'a2'], openToolUses: [], boundaries: 1, lastBoundary: 'b', leaf: 'a2' },
      );
  });

  it('returns the same state for entries that change nothing', () => {
    const side = { type: 'queue-operation', operation: 'enqueue' } as unknown as Entry;
    conversation.given(userEntry('u1', 'x')).when(side).thenUnchanged();
  });
});
