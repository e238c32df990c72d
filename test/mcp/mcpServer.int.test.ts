import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_LIMIT, MAX_WINDOW_SIDE } from '../../src/mcp/index.js';
import { sanitizePath } from '../../src/transcript/index.js';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

const FIX_TESTS = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const ACME_MEMORY = join(demoProjects, '-home-dev-acme-shop', 'memory');
const TOOLS = ['list_memories', 'memory_why', 'read_memory', 'read_session', 'recall', 'search_sessions'];

describe('memlog mcp, through the SDK client over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectMemlogMcp([demoProjects, '--index', join(tempDir(), 'index.db'), '--memory-dir', ACME_MEMORY]);
  });
  afterAll(async () => {
    await client.close();
  });

  it('lists every tool with a JSON schema for its input, read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description).toBeTruthy();
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((t) => t.name === 'search_sessions')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual([
      'limit',
      'project',
      'query',
      'role',
      'since',
      'tools',
      'until',
    ]);
    expect((search.inputSchema.properties as Record<string, { maximum?: number }>)['limit']?.maximum).toBe(MAX_SEARCH_LIMIT);
  });

  it('search_sessions names the session, the entry and a marked snippet, with filters', async () => {
    const answer = await callTool(client, 'search_sessions', { query: 'prefer pnpm', role: 'user' });
    expect(answer.isError).toBe(false);
    const { hits } = JSON.parse(answer.text) as { hits: Record<string, unknown>[] };
    expect(hits[0]).toMatchObject({ session: FIX_TESTS, seq: 48, uuid: 'fa8a5fcb-ebad-400c-8fea-0b7383f543d6', role: 'user' });
    expect(hits[0]!['snippet']).toBe('Remember that I «prefer» «pnpm» over npm for this project.');
    const none = JSON.parse((await callTool(client, 'search_sessions', { query: 'pnpm', project: '-home-dev-notes-cli' })).text) as {
      hits: unknown[];
    };
    expect(none.hits).toEqual([]);
    const before = JSON.parse((await callTool(client, 'search_sessions', { query: 'pnpm', until: '2026-03-01' })).text) as {
      hits: unknown[];
    };
    expect(before.hits).toEqual([]);
  });

  it('read_session gives a bounded window around an entry, by seq or uuid', async () => {
    const bySeq = JSON.parse((await callTool(client, 'read_session', { session: FIX_TESTS, around: 48, before: 1, after: 1 })).text) as {
      messages: { seq: number; text: string }[];
    };
    expect(bySeq.messages.map((m) => m.seq)).toEqual([40, 48, 50]);
    expect(bySeq.messages[1]!.text).toBe('Remember that I prefer pnpm over npm for this project.');
    const byUuid = JSON.parse(
      (
        await callTool(client, 'read_session', {
          session: FIX_TESTS.slice(0, 8),
          around: 'fa8a5fcb-ebad-400c-8fea-0b7383f543d6',
          before: 0,
          after: 0,
        })
      ).text,
    ) as { messages: { seq: number }[] };
    expect(byUuid.messages.map((m) => m.seq)).toEqual([48]);
  });

  it('list_memories, read_memory and memory_why show the memory folder, a memory and where it came from', async () => {
    const list = JSON.parse((await callTool(client, 'list_memories', {})).text) as { memories: { filename: string; type: string }[] };
    expect(list.memories).toEqual([expect.objectContaining({ filename: 'prefer-pnpm.md', type: 'feedback' })]);
    const read = JSON.parse((await callTool(client, 'read_memory', { name: 'prefer-pnpm' })).text) as { text: string };
    expect(read.text).toContain('Use pnpm, not npm, for everything in this project');
    const why = JSON.parse((await callTool(client, 'memory_why', { name: 'prefer-pnpm.md' })).text) as Record<string, unknown>;
    expect(why).toMatchObject({ filename: 'prefer-pnpm.md', stillAFile: true, originSessionId: FIX_TESTS });
  });

  it('recall gives the memories the offline model would attach for a message', async () => {
    const recalled = JSON.parse((await callTool(client, 'recall', { query: 'should I use pnpm or npm for installs here?' })).text) as {
      memories: { path: string; content: string }[];
    };
    expect(recalled.memories.map((m) => m.path)).toEqual([join(ACME_MEMORY, 'prefer-pnpm.md')]);
  });

  it('memory files are resources too', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name)).toEqual(['prefer-pnpm.md']);
    const read = await client.readResource({ uri: resources[0]!.uri });
    expect((read.contents[0] as { text: string }).text).toContain('Use pnpm, not npm');
  });

  it('limits are enforced and bad arguments are clear tool errors', async () => {
    const tooMany = await callTool(client, 'search_sessions', { query: 'pnpm', limit: MAX_SEARCH_LIMIT + 1 });
    expect(tooMany).toMatchObject({ isError: true });
    expect(tooMany.text).toContain('limit');
    const wide = await callTool(client, 'read_session', { session: FIX_TESTS, before: MAX_WINDOW_SIDE + 1 });
    expect(wide.isError).toBe(true);
    expect(wide.text).toContain('before');
    expect(await callTool(client, 'search_sessions', { query: 'pnpm', since: 'last week' })).toEqual({
      isError: true,
      text: 'since "last week": expected a day (2026-03-04) or an ISO time (2026-03-04T10:00:00Z)',
    });
    expect(await callTool(client, 'read_session', { session: 'no-such-session' })).toEqual({
      isError: true,
      text: 'no session "no-such-session" (search_sessions names them)',
    });
    expect(await callTool(client, 'read_memory', { name: '../../../etc/passwd' })).toEqual({
      isError: true,
      text: 'no memory named "../../../etc/passwd" in this project (list_memories shows them)',
    });
    expect((await callTool(client, 'search_sessions', {})).isError).toBe(true);
  });
});

describe('memlog mcp, the project from the client', () => {
  it("takes the client's working directory from its roots to find the project's memories", async () => {
    const root = tempDir();
    const app = join(root, 'app');
    mkdirSync(app);
    const projects = join(root, 'projects');
    cpSync(ACME_MEMORY, join(projects, sanitizePath(app), 'memory'), { recursive: true });
    writeFileSync(join(projects, 'unrelated.jsonl'), '');
    const client = await connectMemlogMcp([projects, '--index', join(root, 'index.db')], { roots: [app] });
    try {
      const list = JSON.parse((await callTool(client, 'list_memories', {})).text) as {
        memoryDir: string;
        memories: { filename: string }[];
      };
      expect(list.memoryDir).toBe(join(projects, sanitizePath(app), 'memory'));
      expect(list.memories.map((m) => m.filename)).toEqual(['prefer-pnpm.md']);
    } finally {
      await client.close();
    }
  });
});

describe('memlog mcp --allow-writes', () => {
  it('offers remember, which adds a memory and its index line, never overwrites one, and refuses a secret', async () => {
    const root = tempDir();
    const memory = join(root, 'memory');
    cpSync(ACME_MEMORY, memory, { recursive: true });
    const readOnly = await connectMemlogMcp([demoProjects, '--index', join(root, 'index.db'), '--memory-dir', memory]);
    const client = await connectMemlogMcp([demoProjects, '--index', join(root, 'index.db'), '--memory-dir', memory, '--allow-writes']);
    try {
      expect((await readOnly.listTools()).tools.map((t) => t.name)).not.toContain('remember');
      const remember = (await client.listTools()).tools.find((t) => t.name === 'remember');
      expect(remember?.inputSchema.required).toEqual(['name', 'type', 'description', 'body']);
      const written = await callTool(client, 'remember', {
        name: 'deploy-on-fridays',
        type: 'feedback',
        description: 'Never deploy acme-shop on a Friday',
        body: 'Never deploy on a Friday.\n\n**Why:** nobody is there to roll back.\n',
      });
      expect(written.isError).toBe(false);
      expect(readFileSync(join(memory, 'deploy-on-fridays.md'), 'utf8')).toContain('Never deploy on a Friday.');
      expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toContain(
        '- [deploy-on-fridays](deploy-on-fridays.md) — Never deploy acme-shop on a Friday\n',
      );
      const again = await callTool(client, 'remember', { name: 'deploy-on-fridays', type: 'feedback', description: 'x', body: 'y' });
      expect(again).toEqual({ isError: true, text: 'a memory named deploy-on-fridays already exists; remember only adds new memories' });
      const secret = await callTool(client, 'remember', {
        name: 'aws-key',
        type: 'reference',
        description: 'the deploy key',
        body: 'AWS key: AKIAIOSFODNN7EXAMPLX secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      });
      expect(secret.isError).toBe(true);
      expect(secret.text).toMatch(/^refused: the memory holds what looks like a secret/);
      expect(existsSync(join(memory, 'aws-key.md'))).toBe(false);
    } finally {
      await readOnly.close();
      await client.close();
    }
  });
});
