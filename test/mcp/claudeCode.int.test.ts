import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assistantEntry, userEntry } from '../../src/testing/index.js';
import { cliArgs } from '../support/cliBundle.js';
import { MessagesServer } from '../support/messagesServer.js';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/** The pinned Claude Code CLI (a devDependency), by the bin its package declares. */
const CLAUDE = join(
  dirname(createRequire(join(repoRoot, 'package.json')).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);

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

function runClaude(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(CLAUDE, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
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
    const env = {
      PATH: process.env['PATH'] ?? '',
      HOME: root,
      CLAUDE_CONFIG_DIR: join(root, 'claude'),
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: 'sk-ant-test-not-a-key',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      // MCP tools in the request itself (not deferred behind tool search), and connected before the first request.
      ENABLE_TOOL_SEARCH: 'false',
      MCP_CONNECTION_NONBLOCKING: 'false',
    };
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
    const run = await runClaude(args, env, work);
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
