import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, type ContentBlock, type Entry } from '../../src/index.js';
import {
  apiInvariantViolations,
  assembleRequest,
  ensureApiInvariants,
  MISSING_TOOL_RESULT,
  normalizeForApi,
} from '../../src/context/index.js';
import { buildChain, indexTranscript, selectLeaf } from '../../src/resume/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/entryBuilders.js';

function nodesOf(entries: Entry[]) {
  const index = indexTranscript(entries.map((entry, seq) => ({ seq, entry })));
  return buildChain(index, selectLeaf(index)).nodes;
}

const attachment = (uuid: string, parentUuid: string, payload: Record<string, unknown>): Entry =>
  ({
    type: 'attachment',
    uuid,
    parentUuid,
    isSidechain: false,
    timestamp: '2026-01-01T00:00:00.000Z',
    attachment: payload,
  }) as unknown as Entry;

const texts = (blocks: readonly ContentBlock[]) => blocks.map((b) => (b.type === 'text' ? (b as { text: string }).text : b.type));

describe('normalisation for the Messages API (transcript spec §6.2, long-term §7.3)', () => {
  it('moves an attachment logged after a prompt to before the prompt, as a system reminder', () => {
    const entries = [
      userEntry('u1', 'hello'),
      assistantEntry('a1', 'm1', text('hi'), { parentUuid: 'u1' }),
      userEntry('u2', 'read the file', { parentUuid: 'a1' }),
      attachment('at1', 'u2', {
        type: 'nested_memory',
        path: '/r/sub/CLAUDE.md',
        content: { type: 'memory', path: '/r/sub/CLAUDE.md', content: 'Sub rules.' },
      }),
      assistantEntry('a2', 'm2', text('done'), { parentUuid: 'at1' }),
    ];
    const { messages, attachments } = normalizeForApi(nodesOf(entries));
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts(messages[2]!.content)).toEqual([
      '<system-reminder>\nContents of /r/sub/CLAUDE.md:\n\nSub rules.\n</system-reminder>',
      'read the file',
    ]);
    expect(attachments.map((a) => a.kind)).toEqual(['nested_memory']);
  });

  it('gives each recalled memory its own reminder, never repeats a surfaced file, and leaves other kinds out', () => {
    const memories = {
      type: 'relevant_memories',
      memories: [
        { path: '/m/a.md', content: 'A body', header: 'Memory (saved today): /m/a.md:' },
        { path: '/m/b.md', content: 'B body', header: 'Memory: /m/b.md:' },
      ],
    };
    const entries = [
      userEntry('u1', 'first question here'),
      attachment('at1', 'u1', memories),
      attachment('at2', 'at1', { type: 'skill_listing', content: 'skills' }),
      assistantEntry('a1', 'm1', text('ok'), { parentUuid: 'at2' }),
      userEntry('u2', 'second', { parentUuid: 'a1' }),
      attachment('at3', 'u2', { type: 'relevant_memories', memories: [memories.memories[0]] }),
      assistantEntry('a2', 'm2', text('ok'), { parentUuid: 'at3' }),
    ];
    const normalized = normalizeForApi(nodesOf(entries));
    expect(texts(normalized.messages[0]!.content)).toEqual([
      '<system-reminder>\nMemory (saved today): /m/a.md:\n\nA body\n</system-reminder>',
      '<system-reminder>\nMemory: /m/b.md:\n\nB body\n</system-reminder>',
      'first question here',
    ]);
    expect(texts(normalized.messages[2]!.content)).toEqual(['second']);
    expect(normalized.skipped).toEqual({ skill_listing: 1 });
    expect([...normalized.surfaced]).toEqual(['/m/a.md', '/m/b.md']);
  });

  it('keeps slash-command output (a local_command system line) as user text and drops other system lines', () => {
    const entries = [
      userEntry('u1', 'hi'),
      {
        type: 'system',
        subtype: 'local_command',
        content: '<local-command-stdout>done</local-command-stdout>',
        uuid: 's1',
        parentUuid: 'u1',
        isSidechain: false,
        timestamp: '2026-01-01T00:00:00.000Z',
      } as unknown as Entry,
      {
        type: 'system',
        subtype: 'turn_duration',
        uuid: 's2',
        parentUuid: 's1',
        isSidechain: false,
        timestamp: '2026-01-01T00:00:00.000Z',
      } as unknown as Entry,
      assistantEntry('a1', 'm1', text('ok'), { parentUuid: 's2' }),
    ];
    const { messages } = normalizeForApi(nodesOf(entries));
    expect(texts(messages[0]!.content)).toEqual(['hi', '<local-command-stdout>done</local-command-stdout>']);
  });

  it('merges split assistant pieces and gathers parallel tool results, results first', () => {
    const entries = [
      userEntry('u1', 'go'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'u1' }),
      assistantEntry('a2', 'm1', toolUse('t2'), { parentUuid: 'a1' }),
      toolResultEntry('r2', 't2', 'a2'),
      toolResultEntry('r1', 't1', 'a1'),
    ];
    const { messages } = normalizeForApi(nodesOf(entries));
    expect(messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool_use', 'tool_use']],
      ['user', ['tool_result', 'tool_result']],
    ]);
  });

  it('reduces blocks to the fields the API takes and drops tool_reference blocks', () => {
    const entries = [
      userEntry('u1', [
        { type: 'text', text: 'hi', extra: 1 },
        { type: 'tool_reference', tool_name: 'X' },
      ]),
      assistantEntry(
        'a1',
        'm1',
        { type: 'tool_use', id: 't', name: 'Bash', input: { c: 1 }, caller: { type: 'direct' } },
        { parentUuid: 'u1' },
      ),
      toolResultEntry('r', 't', 'a1'),
    ];
    const { messages } = normalizeForApi(nodesOf(entries));
    expect(messages[0]!.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(messages[1]!.content).toEqual([{ type: 'tool_use', id: 't', name: 'Bash', input: { c: 1 } }]);
  });

  it('sends only block kinds the Messages API takes: server tool blocks pass, unknown kinds are dropped and counted', () => {
    const search = { type: 'server_tool_use', id: 'srv1', name: 'web_search', input: { query: 'zod 4' } };
    const found = {
      type: 'web_search_tool_result',
      tool_use_id: 'srv1',
      content: [{ type: 'web_search_result', url: 'https://zod.dev', title: 'Zod', encrypted_content: 'e' }],
    };
    const entries = [
      userEntry('u1', [text('look it up'), { type: 'connector_text', connector_text: 'transcript only' }]),
      assistantEntry('a1', 'm1', search, { parentUuid: 'u1' }),
      assistantEntry('a2', 'm1', found, { parentUuid: 'a1' }),
      assistantEntry('a3', 'm1', { type: 'mcp_tool_use', id: 'mcp1', name: 'q', server_name: 's', input: {} }, { parentUuid: 'a2' }),
      assistantEntry('a4', 'm1', toolUse('t1'), { parentUuid: 'a3' }),
      userEntry(
        'r1',
        [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [text('done'), { type: 'tool_reference', tool_name: 'X' }, { type: 'advisor_note', text: 'x' }],
          },
        ],
        { parentUuid: 'a4' },
      ),
      assistantEntry('a5', 'm2', { type: 'mcp_tool_use', id: 'mcp2', name: 'q', server_name: 's', input: {} }, { parentUuid: 'r1' }),
    ];
    const { messages, dropped } = normalizeForApi(nodesOf(entries));
    expect(messages.map((m) => m.content.map((b) => b.type))).toEqual([
      ['text'],
      ['server_tool_use', 'web_search_tool_result', 'tool_use'],
      ['tool_result'],
    ]);
    expect(messages[1]!.content.slice(0, 2)).toEqual([search, found]);
    expect(messages[2]!.content[0]).toEqual({ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'done' }] });
    expect(dropped).toEqual({ connector_text: 1, mcp_tool_use: 2, advisor_note: 1 });
  });
});

describe('keeping the API invariants', () => {
  it('answers a tool call that has no result, drops an orphan result and empty text, starts with a user message', () => {
    const fixed = ensureApiInvariants([
      { role: 'assistant', content: [text('a'), toolUse('t1'), toolUse('t2')] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't2', content: 'ok' },
          { type: 'tool_result', tool_use_id: 'zz', content: 'orphan' },
          text('  '),
        ],
      },
      { role: 'user', content: [text('next')] },
      { role: 'assistant', content: [text('b'), { type: 'thinking', thinking: 'x', signature: 's' }] },
    ]);
    expect(apiInvariantViolations(fixed)).toEqual([]);
    expect(fixed[0]!.role).toBe('user');
    expect(fixed[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 't2', content: 'ok' },
      { type: 'tool_result', tool_use_id: 't1', content: MISSING_TOOL_RESULT, is_error: true },
      text('next'),
    ]);
    expect(fixed.at(-1)!.content.map((b) => b.type)).toEqual(['text']);
  });

  it('drops a tool call written on the user side and a tool result on the assistant side', () => {
    const fixed = ensureApiInvariants([
      { role: 'user', content: [text('hi'), toolUse('wrong-side')] },
      { role: 'assistant', content: [text('ok'), { type: 'tool_result', tool_use_id: 'wrong-side', content: 'x' }] },
    ]);
    expect(apiInvariantViolations(fixed)).toEqual([]);
    expect(fixed.map((m) => m.content.map((b) => b.type))).toEqual([['text'], ['text']]);
  });

  it('reports each broken rule', () => {
    expect(
      apiInvariantViolations([
        { role: 'assistant', content: [toolUse('t')] },
        { role: 'assistant', content: [] },
      ]),
    ).toEqual([
      'the first message is not a user message',
      'message 0: tool_use t has no tool_result in the next message',
      'messages 0 and 1 are both assistant',
      'message 1 has no content',
    ]);
  });
});

describe('assembling the request', () => {
  const input = (messages: ReturnType<typeof normalizeForApi>['messages'], prompt: string) => ({
    model: 'claude-test',
    maxTokens: 100,
    system: [],
    userContext: { claudeMd: 'Contents of /p/CLAUDE.md (project):\n\nrules', currentDate: '' },
    indexText: '',
    conversation: { messages, attachments: [], skipped: {}, dropped: {}, surfaced: new Set<string>() },
    newTurn: { reminders: [], prompt },
  });

  it('refuses to assemble a request with nothing to send: no conversation and an empty prompt', () => {
    expect(() => assembleRequest(input([], ' '))).toThrow(InvalidArgumentError);
    expect(() => assembleRequest(input([], ' '))).toThrow(/nothing to send/);
    expect(assembleRequest(input([], 'hi')).body.messages.at(-1)!.content.at(-1)).toEqual(text('hi'));
    const conversation = normalizeForApi(
      nodesOf([userEntry('u1', 'hello'), assistantEntry('a1', 'm1', text('hi'), { parentUuid: 'u1' })]),
    ).messages;
    expect(apiInvariantViolations(assembleRequest(input(conversation, '')).body.messages)).toEqual([]);
  });
});
