import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantEntry, userEntry } from '../../src/testing/index.js';
import { cliArgs } from '../support/cliBundle.js';
import { MessagesServer } from '../support/messagesServer.js';
import { claudeCodeEnv, runClaudeCode } from '../support/realClaudeCode.js';
import { tempDir } from '../support/tempDir.js';

const PLANTED = '5eed5eed-0000-4000-8000-00000000cafe';
const TOOL = 'mcp__memlog__search_sessions';
const MEMLOG_TOOLS = ['list_memories', 'memory_why', 'read_memory', 'read_session', 'recall', 'search_sessions'].map(
  (t) => `mcp__memlog__${t}`,
);

type Block = { type?: string; content?: unknown };
const toolResultOf = (body: Record<string, unknown>): Block | undefined => {
  const last = (body['messages'] as { content?: unknown }[] | undefined)?.at(-1)?.content;
  return Array.isArray(last) ? (last as Block[]).find((b) => b.type === 'tool_result') : undefined;
};
const toolNames = (body: Record<string, unknown>): string[] => ((body['tools'] as { name: string }[] | undefined) ?? []).map((t) => t.name);

/** A projects folder with one session that holds the answer. */
function plantSession(root: string): string {
  const projects = join(root, 'projects');
  const project = join(projects, '-home-dev-planted');
  mkdirSync(project, { recursive: true });
  const at = { sessionId: PLANTED, timestamp: '2026-02-10T10:00:00.000Z' };
  const lines = [
    userEntry('p-1', 'Why did the zebrafish deploy fail last night?', at),
    assistantEntry(
      'p-2',
      'm-1',
      { type: 'text', text: 'The zebrafish deploy failed because the TLS certificate had expired; renewing it fixed it.' },
      { ...at, parentUuid: 'p-1' },
    ),
  ];
  writeFileSync(join(project, `${PLANTED}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return projects;
}

describe('memlog mcp in the real Claude Code CLI (pinned, against a local fake Messages API)', () => {
  let server: MessagesServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('Claude Code calls mcp__memlog__search_sessions and sends the planted session and snippet back as the tool result', async () => {
    const root = tempDir();
    const projects = plantSession(root);
    let toolResult: Block | undefined;
    server = new MessagesServer({
      script: (body) => {
        const result = toolResultOf(body);
        if (result !== undefined) {
          toolResult = result;
          return { content: [{ type: 'text', text: 'It failed on an expired TLS certificate.' }] };
        }
        if (toolNames(body).includes(TOOL))
          return {
            content: [{ type: 'tool_use', id: 'toolu_memlog_1', name: TOOL, input: { query: 'zebrafish deploy' } }],
            stopReason: 'tool_use',
          };
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    });
    const url = await server.start();
    const config = join(root, 'mcp.json');
    const memlog = { type: 'stdio', command: process.execPath, args: [...cliArgs(), 'mcp', projects, '--index', join(root, 'index.db')] };
    writeFileSync(config, JSON.stringify({ mcpServers: { memlog } }));
    const work = join(root, 'work');
    mkdirSync(work);
    // MCP tools in the request itself (not deferred behind tool search), and connected before the first request.
    const env = claudeCodeEnv(root, join(root, 'claude'), url, { ENABLE_TOOL_SEARCH: 'false', MCP_CONNECTION_NONBLOCKING: 'false' });
    const args = [
      '-p',
      'How did we fix the zebrafish deploy?',
      '--mcp-config',
      config,
      '--strict-mcp-config',
      '--allowedTools',
      TOOL,
      '--output-format',
      'json',
    ];
    const run = await runClaudeCode(args, env, work);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { result: string }).result).toBe('It failed on an expired TLS certificate.');
    const first = server.received.find((r) => toolNames(r.body).includes(TOOL));
    expect(
      toolNames(first?.body ?? {})
        .filter((name) => name.startsWith('mcp__memlog__'))
        .sort(),
    ).toEqual(MEMLOG_TOOLS);
    const text = JSON.stringify(toolResult?.content ?? null);
    expect(text).toContain(PLANTED);
    expect(text).toContain('The «zebrafish» «deploy» failed because the TLS certificate had expired');
    expect(server.received.every((r) => r.path.startsWith('/v1/messages'))).toBe(true);
  });
});
