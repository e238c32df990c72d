import { describe, expect, it } from 'vitest';
import { resumeFromItems, type Entry } from '../../src/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  thinking,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';

const t = (second: number): string => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
const resume = (entries: Entry[], leaf?: string) =>
  resumeFromItems(
    entries.map((entry, seq) => ({ seq, entry })),
    leaf === undefined ? 'newest' : { uuid: leaf },
  );
const chainOf = (entries: Entry[], leaf?: string): string[] => resume(entries, leaf).chain.nodes.map((n) => n.uuid);
const progress = (uuid: string, parentUuid: string): Entry =>
  ({ parentUuid, isSidechain: false, type: 'progress', data: { type: 'hook_progress' }, uuid, timestamp: t(0) }) as unknown as Entry;

describe('resume: the chain', () => {
  it('walks parentUuid from the newest leaf to the root', () => {
    const entries = [
      userEntry('u1', 'hi', { timestamp: t(1) }),
      assistantEntry('a1', 'm1', text('hello'), { parentUuid: 'u1', timestamp: t(2) }),
    ];
    expect(chainOf(entries)).toEqual(['u1', 'a1']);
  });

  it('picks the newest of several branches by timestamp, or the leaf asked for', () => {
    const entries = [
      userEntry('u1', 'hi', { timestamp: t(1) }),
      assistantEntry('a-old', 'm1', text('first try'), { parentUuid: 'u1', timestamp: t(2) }),
      assistantEntry('a-new', 'm2', text('retry'), { parentUuid: 'u1', timestamp: t(5) }),
    ];
    expect(chainOf(entries)).toEqual(['u1', 'a-new']);
    expect(chainOf(entries, 'a-old')).toEqual(['u1', 'a-old']);
  });

  it('never picks a sidechain leaf for the main conversation, even a newer one; a sidechain-only file resumes its sidechain', () => {
    const side = { isSidechain: true, agentId: 'a1' };
    const entries = [
      userEntry('u1', 'main', { timestamp: t(1) }),
      userEntry('s1', 'agent task', { ...side, timestamp: t(8) }),
      assistantEntry('s2', 'm9', text('agent'), { ...side, parentUuid: 's1', timestamp: t(9) }),
    ];
    expect(chainOf(entries)).toEqual(['u1']);
    expect(chainOf(entries.slice(1))).toEqual(['s1', 's2']);
  });

  it('bridges legacy progress lines: a child of a progress line hangs off its nearest real ancestor', () => {
    const entries = [
      userEntry('u1', 'go', { timestamp: t(1) }),
      progress('p1', 'u1'),
      progress('p2', 'p1'),
      assistantEntry('a1', 'm1', text('done'), { parentUuid: 'p2', timestamp: t(3) }),
    ];
    const resumed = resume(entries);
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['u1', 'a1']);
    expect(resumed.index.nodes.get('a1')?.parent).toBe('u1');
    expect(resumed.index.nodes.has('p1')).toBe(false);
  });

  it('stops at a parent cycle and says so, without hanging', () => {
    const entries = [
      userEntry('x', 'loop', { parentUuid: 'y', timestamp: t(1) }),
      assistantEntry('y', 'm1', text('loop'), { parentUuid: 'x', timestamp: t(2) }),
      userEntry('leaf', 'tail', { parentUuid: 'y', timestamp: t(3) }),
    ];
    const resumed = resume(entries);
    expect(resumed.chain.cycle).toBe(true);
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['x', 'y', 'leaf']);
  });

  it('a conversation made only of a parent cycle has no leaf, and the cycle is reported', () => {
    const entries = [userEntry('x', 'a', { parentUuid: 'y' }), assistantEntry('y', 'm1', text('b'), { parentUuid: 'x' })];
    const resumed = resume(entries);
    expect(resumed.chain).toMatchObject({ leaf: null, nodes: [], cycle: true });
    expect(resume([userEntry('r', 'fine')]).chain.cycle).toBe(false);
  });

  it('keeps the later of two lines with one uuid and reports the duplicate', () => {
    const entries = [userEntry('u1', 'first'), userEntry('u1', 'second')];
    const resumed = resume(entries);
    expect(resumed.index.duplicateUuids).toEqual(['u1']);
    expect(resumed.messages[0]?.content).toEqual([text('second')]);
  });

  it('splices back the pieces of a parallel tool call and the results that hang off other pieces', () => {
    const entries = [
      userEntry('u1', 'look', { timestamp: t(1) }),
      assistantEntry('p1', 'm1', toolUse('t1', 'Read'), { parentUuid: 'u1', timestamp: t(2) }),
      assistantEntry('p2', 'm1', toolUse('t2', 'Grep'), { parentUuid: 'p1', timestamp: t(3) }),
      toolResultEntry('r2', 't2', 'p2', { timestamp: t(4) }),
      toolResultEntry('r1', 't1', 'p1', { timestamp: t(5) }),
      assistantEntry('a2', 'm2', text('found it'), { parentUuid: 'r1', timestamp: t(6) }),
    ];
    const resumed = resume(entries);
    // Off-chain pieces, then their results, go right after the group's last on-chain piece (p1).
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['u1', 'p1', 'p2', 'r2', 'r1', 'a2']);
    expect(
      resumed.messages.map((m) => [
        m.role,
        m.content.map((b) =>
          b.type === 'tool_use'
            ? `use ${(b as { id: string }).id}`
            : b.type === 'tool_result'
              ? `result ${(b as { tool_use_id: string }).tool_use_id}`
              : b.type,
        ),
      ]),
    ).toEqual([
      ['user', ['text']],
      ['assistant', ['use t1', 'use t2']],
      ['user', ['result t2', 'result t1']],
      ['assistant', ['text']],
    ]);
  });
});

describe('resume: compaction on disk', () => {
  const before = [
    userEntry('old-u', 'old', { timestamp: t(1) }),
    assistantEntry('old-a', 'm0', text('old answer'), { parentUuid: 'old-u', timestamp: t(2) }),
  ];

  it('drops everything before a boundary without a preserved segment; the chain starts at the boundary', () => {
    const entries = [
      ...before,
      compactBoundaryEntry('b', 'old-a'),
      compactSummaryEntry('s', 'b', 'summary text'),
      userEntry('u2', 'next', { parentUuid: 's', timestamp: t(9) }),
    ];
    const resumed = resume(entries);
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['b', 's', 'u2']);
    expect(resumed.index.nodes.has('old-u')).toBe(false);
  });

  it('relinks a preserved segment under its anchor and re-points the anchor’s other children to the tail', () => {
    const segment = { headUuid: 'old-u', anchorUuid: 's', tailUuid: 'old-a' };
    const entries = [
      userEntry('gone', 'dropped'),
      ...before.map((e) => (e.type === 'user' ? { ...e, parentUuid: 'gone' } : e)),
      compactBoundaryEntry('b', 'old-a', segment),
      compactSummaryEntry('s', 'b', 'summary'),
      userEntry('u2', 'next', { parentUuid: 's', timestamp: t(9) }),
    ] as Entry[];
    const resumed = resume(entries);
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['b', 's', 'old-u', 'old-a', 'u2']);
    expect(resumed.index.nodes.has('gone')).toBe(false);
    expect([...resumed.index.preserved]).toEqual(['old-a']);
  });

  it('a segment whose walk from tail does not reach head is not relinked and nothing is pruned', () => {
    const segment = { headUuid: 'missing', anchorUuid: 's', tailUuid: 'old-a' };
    const entries = [...before, compactBoundaryEntry('b', 'old-a', segment), compactSummaryEntry('s', 'b', 'summary')];
    const resumed = resume(entries);
    expect(resumed.index.nodes.has('old-u')).toBe(true);
    expect(resumed.index.preserved.size).toBe(0);
  });
});

describe('resume: the API view', () => {
  it('merges split pieces by message.id and consecutive user entries, tool results first', () => {
    const entries = [
      userEntry('u1', 'go', { timestamp: t(1) }),
      assistantEntry('a1', 'm1', thinking('hmm'), { parentUuid: 'u1' }),
      assistantEntry('a2', 'm1', text('running'), { parentUuid: 'a1' }),
      assistantEntry('a3', 'm1', toolUse('t1'), { parentUuid: 'a2' }),
      toolResultEntry('r1', 't1', 'a3'),
      userEntry('u2', 'and also this', { parentUuid: 'r1' }),
    ];
    const messages = resume(entries).messages;
    expect(messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['thinking', 'text', 'tool_use']],
      ['user', ['tool_result', 'text']],
      ['assistant', ['text']],
    ]);
    expect(messages[3]?.content).toEqual([text('No response requested.')]);
  });

  it('hoists tool results to the front of a merged user message', () => {
    const entries = [
      userEntry('u1', 'go'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'u1' }),
      userEntry('note', [text('a reminder written before the result')], { parentUuid: 'a1' }),
      toolResultEntry('r1', 't1', 'note'),
    ];
    const merged = resume(entries).messages[2];
    expect(merged?.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
    expect(merged?.sources).toEqual(['note', 'r1']);
  });

  it('sends a message written twice with new uuids only once', () => {
    const entries = [
      userEntry('u1', 'go'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'u1' }),
      assistantEntry('a1-copy', 'm1', toolUse('t1'), { parentUuid: 'a1' }),
      assistantEntry('a2-copy', 'm1', text('same text'), { parentUuid: 'a1-copy' }),
      assistantEntry('a2', 'm1', text('same text'), { parentUuid: 'a2-copy' }),
      toolResultEntry('r1', 't1', 'a2'),
      toolResultEntry('r1-copy', 't1', 'r1'),
    ];
    const assistant = resume(entries).messages.find((m) => m.role === 'assistant');
    expect(assistant?.content).toEqual([toolUse('t1'), text('same text')]);
    const results = resume(entries).messages.flatMap((m) => m.content.filter((b) => b.type === 'tool_result'));
    expect(results).toHaveLength(1);
  });

  it('applies the resume filters: unanswered tool calls, thinking-only pieces, whitespace-only replies', () => {
    const entries = [
      userEntry('u1', 'go'),
      assistantEntry('lonely', 'm1', thinking('only thinking'), { parentUuid: 'u1' }),
      assistantEntry('blank', 'm2', text('  \n'), { parentUuid: 'lonely' }),
      assistantEntry('asked', 'm3', toolUse('never-answered'), { parentUuid: 'blank' }),
      assistantEntry('ok', 'm4', text('fine'), { parentUuid: 'asked' }),
    ];
    const resumed = resume(entries);
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual(['u1', 'lonely', 'blank', 'asked', 'ok']);
    expect(resumed.messages.flatMap((m) => m.sources)).toEqual(['u1', 'ok']);
  });

  it('drops a tool result whose tool_use is not in the conversation', () => {
    const entries = [
      userEntry('u0', 'start'),
      toolResultEntry('r', 'nowhere', 'u0'),
      assistantEntry('a', 'm1', text('hi'), { parentUuid: 'r' }),
    ];
    expect(resume(entries).messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});
