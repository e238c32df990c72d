import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContext, loadConversation, type ApiMessage } from '../../src/index.js';
import { apiInvariantViolations, mapFileSource } from '../../src/context/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { hasShared, sharedFixtures } from '../support/paths.js';

const fixture = (path: string): string => join(sharedFixtures, path);

/** The order that matters for resume: assistant messages, their tool_use ids, the tool_result ids. */
function conversationShape(messages: ReadonlyArray<{ role: string; content: unknown }>): string[] {
  return messages.flatMap((message) => {
    const blocks = Array.isArray(message.content) ? (message.content as Array<Record<string, unknown>>) : [];
    if (message.role === 'assistant')
      return ['assistant', ...blocks.filter((b) => b['type'] === 'tool_use').map((b) => `tool_use ${String(b['id'])}`)];
    if (message.role === 'user')
      return blocks.filter((b) => b['type'] === 'tool_result').map((b) => `tool_result ${String(b['tool_use_id'])}`);
    return [];
  });
}

function expectApiInvariants(messages: ApiMessage[]): void {
  const uses = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (i > 0) expect(message.role).not.toBe(messages[i - 1]?.role);
    for (const block of message.content) {
      if (block.type === 'tool_use') uses.add((block as { id: string }).id);
      if (block.type === 'tool_result') expect(uses.has((block as { tool_use_id: string }).tool_use_id)).toBe(true);
    }
  }
}

describe.runIf(hasShared)('resuming the shared fixtures as Claude Code does', () => {
  it('relinks a preserved segment under the summary and prunes what came before the boundary (2.1.332 /compact)', () => {
    const resumed = loadConversation(
      fixture('claude-code-2.1.332/compact-basic/-home-user-compact-basic/69b0694c-2293-49bd-90fe-fa1611c98ae7.jsonl'),
    );
    expect(resumed.chain.nodes.map((n) => n.uuid)).toEqual([
      '9d9471de-e579-48b0-bfef-3f39ef9c9981', // compact_boundary, parentUuid null
      '260e8ccc-cddd-430c-8bda-0ef92b0d67a8', // compact summary (the segment's anchor)
      '44e4323e-9110-4e38-800f-979a3e62a830', // the preserved assistant message, relinked under the anchor
      '70d4247b-48e0-4cae-b247-e8ae8ad6c41c', // the anchor's other child, re-pointed to the tail
      'd2747714-1596-47b6-8d9f-2c4272734abe',
      '2ad8c047-b9fd-4214-834a-8e2517ff9e78',
    ]);
    expect([...resumed.index.preserved]).toEqual(['44e4323e-9110-4e38-800f-979a3e62a830']);
  });

  it('starts a legacy compaction (no preserved segment) at the boundary, summary next (2.1.39)', () => {
    const resumed = loadConversation(fixture('real/spotter/258c7280-ae70-4798-800f-63464d01a85d.jsonl'));
    const uuids = resumed.chain.nodes.map((n) => n.uuid);
    expect(uuids.slice(0, 2)).toEqual(['d46d6800-2f43-4360-ba84-c1de9c1ecbae', '58436800-0a29-451b-a8f5-3a0c59957945']);
    expect(resumed.chain.leaf).toBe('d3231929-5c7c-41e7-9d4d-ef12e6c9b880');
    expect(resumed.chain.nodes[1]?.entry).toMatchObject({ type: 'user', isCompactSummary: true });
    expectApiInvariants(resumed.messages);
  });

  it('keeps a subagent apart: the main chain has no sidechain entry, the agent file resumes its own chain', () => {
    const main = loadConversation(fixture('claude-code-2.1.332/subagent/-home-user-subagent/0cabab22-33aa-42ba-948f-fcaec9db5004.jsonl'));
    expect(main.chain.leaf).toBe('f5ca3c06-5dd0-46e7-9b0d-1460c65de97c');
    expect(main.chain.nodes.every((n) => n.entry.isSidechain !== true)).toBe(true);
    const agent = loadConversation(
      fixture(
        'claude-code-2.1.332/subagent/-home-user-subagent/0cabab22-33aa-42ba-948f-fcaec9db5004/subagents/agent-a0b67b01d2a0c6000.jsonl',
      ),
    );
    expect(agent.chain.nodes.length).toBeGreaterThan(0);
    expect(agent.chain.nodes.every((n) => n.entry.isSidechain === true && n.entry.agentId === 'a0b67b01d2a0c6000')).toBe(true);
  });

  it('merges split assistant messages and keeps every parallel tool result (2.1.89)', () => {
    const resumed = loadConversation(fixture('real/jessitron-claude-log/ff80b049-3eff-495f-b4f0-c4071d615994.jsonl'));
    expect(resumed.chain.nodes[0]?.uuid).toBe('db62c6c8-3241-4404-a749-b5292361ad1c');
    expect(resumed.chain.leaf).toBe('e280a6ed-b15d-4bd4-9678-1338d7c51a47');
    const ids = resumed.messages.map((m) => m.messageId).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    const shape = conversationShape(resumed.messages);
    expect(shape.filter((s) => s.startsWith('tool_use'))).toHaveLength(50);
    expect(shape.filter((s) => s.startsWith('tool_result'))).toHaveLength(50);
    expectApiInvariants(resumed.messages);
  });

  it('recovers a parallel tool call: the result hanging off the first piece is spliced back before the second result (2.1.90)', () => {
    const resumed = loadConversation(fixture('real/jessitron-claude-log/agents-observe-bug.jsonl'));
    const uuids = resumed.chain.nodes.map((n) => n.uuid);
    const at = uuids.indexOf('89c2d67e-19cc-4a58-95be-6adf4577a70c');
    expect(uuids.slice(at - 1, at + 5)).toEqual([
      'a2ba6f6f-7976-4671-bab0-999df675eece', // text piece
      '89c2d67e-19cc-4a58-95be-6adf4577a70c', // tool_use piece 1
      '149ac583-eab9-493c-af70-1408e7ffc95d', // tool_use piece 2, child of piece 1
      'f64b4236-7a3f-42d5-88cf-44e65ae81334', // result 1: off the leaf's path, hangs off piece 1
      '716e3c32-65af-427b-b112-10b6cd3b5ee0', // result 2, on the path
      'b8ba257a-b1bf-4856-9fb7-e8c93a0d7137', // the next response
    ]);
    const shape = conversationShape(resumed.messages);
    const use = shape.indexOf('tool_use toolu_01VsMde56yyJoX2aH97TJqyo');
    expect(shape.slice(use, use + 4)).toEqual([
      'tool_use toolu_01VsMde56yyJoX2aH97TJqyo',
      'tool_use toolu_013nzSsqtwwfgGb2mGiMdR4V',
      'tool_result toolu_01VsMde56yyJoX2aH97TJqyo',
      'tool_result toolu_013nzSsqtwwfgGb2mGiMdR4V',
    ]);
  });

  it('sends a message re-written with new uuids after an API retry only once (2.0.76)', () => {
    const resumed = loadConversation(fixture('real/alignment-hive/6f2580aa-3095-45b7-8d4e-dd8cac7eeffe.jsonl'));
    const uses = conversationShape(resumed.messages).filter((s) => s.startsWith('tool_use'));
    expect(new Set(uses).size).toBe(uses.length);
    expectApiInvariants(resumed.messages);
  });

  it('bridges legacy progress lines: entries whose parent is a progress line hang off its nearest real ancestor (2.1.39)', () => {
    const file = fixture('real/spotter/258c7280-ae70-4798-800f-63464d01a85d.jsonl');
    const progressParent = new Map<string, string | null>();
    for (const item of readTranscriptFileSync(file)) {
      if (item.kind === 'entry' && item.entry.type === 'progress') progressParent.set(item.entry.uuid, item.entry.parentUuid ?? null);
    }
    const nearestReal = (uuid: string | null): string | null =>
      uuid !== null && progressParent.has(uuid) ? nearestReal(progressParent.get(uuid) ?? null) : uuid;
    const resumed = loadConversation(file);
    const bridged = resumed.chain.nodes.filter((n) => typeof n.entry.parentUuid === 'string' && progressParent.has(n.entry.parentUuid));
    expect(bridged.length).toBeGreaterThan(3);
    for (const node of bridged) {
      expect(node.parent).toBe(nearestReal(node.entry.parentUuid ?? null));
      expect(resumed.chain.nodes.some((n) => n.uuid === node.parent)).toBe(true);
    }
    expect(resumed.chain.nodes.map((n) => n.entry.type as string)).not.toContain('progress');
  });
});

describe.runIf(hasShared)('the resume oracle: what the real Claude Code 2.1.332 sent', () => {
  const root = fixture('resume-oracle');
  const cases = hasShared ? readdirSync(root).filter((name) => name.startsWith('generated-')) : [];

  it.each(cases)('%s: assistant messages, tool_use ids and tool_result ids in exactly the order Claude Code sent them', (name) => {
    const resumed = loadConversation(join(root, name, 'transcript.jsonl'));
    const request = JSON.parse(readFileSync(join(root, name, 'claude-code-request.json'), 'utf8')) as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(conversationShape(resumed.messages)).toEqual(conversationShape(request.messages));
    expectApiInvariants(resumed.messages);
  });
});

/**
 * The conversation part of a request, comparable across memlog and Claude Code: messages with
 * role system, system reminders, thinking blocks (2.1.332 sends none from earlier turns), the
 * resume's own final prompt, cache marks and `is_error: false` are Claude Code's own or
 * immaterial (resume-oracle/README.md); string content is a text block.
 */
function conversationPart(
  messages: ReadonlyArray<{ role: string; content: unknown }>,
  finalPrompt: string,
): Array<{ role: string; content: unknown[] }> {
  const out: Array<{ role: string; content: unknown[] }> = [];
  messages.forEach((message, i) => {
    if (message.role === 'system') return;
    const blocks =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Array<Record<string, unknown>>);
    const isLast = messages.slice(i + 1).every((m) => m.role === 'system');
    const kept = blocks
      .filter((b) => b['type'] !== 'thinking' && b['type'] !== 'redacted_thinking')
      .filter((b) => !(b['type'] === 'text' && String(b['text']).startsWith('<system-reminder>')))
      .filter((b) => !(isLast && b['type'] === 'text' && b['text'] === finalPrompt))
      .map(({ cache_control: _c, ...b }) => (b['is_error'] === false ? (({ is_error: _e, ...rest }) => rest)(b) : b));
    if (kept.length === 0) return;
    const last = out.at(-1);
    if (last?.role === message.role) last.content.push(...kept);
    else out.push({ role: message.role, content: kept });
  });
  return out;
}

describe.runIf(hasShared)('the resume oracle: the request memlog context builds', () => {
  const root = fixture('resume-oracle');
  const cases = hasShared ? readdirSync(root).filter((name) => name.startsWith('generated-')) : [];

  it.each(cases)('%s: the conversation part equals what Claude Code sent, block for block, and the request is valid', async (name) => {
    const context = await loadContext({
      transcriptPath: join(root, name, 'transcript.jsonl'),
      files: mapFileSource({}),
      configDir: '/nowhere/.claude',
      home: '/nowhere',
      prompt: 'Continue.',
    });
    const request = JSON.parse(readFileSync(join(root, name, 'claude-code-request.json'), 'utf8')) as {
      messages: Array<{ role: string; content: unknown }>;
    };
    expect(conversationPart(context.request.body.messages, 'Continue.')).toEqual(conversationPart(request.messages, 'Continue.'));
    expect(apiInvariantViolations(context.request.body.messages)).toEqual([]);
    expect(context.request.body.messages.at(-1)?.content.at(-1)).toEqual({ type: 'text', text: 'Continue.' });
  });
});
