import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const ACME = '-home-dev-acme-shop';

interface Listed {
  readonly memoryDir: string;
  readonly memories: ReadonlyArray<{ filename: string; sessions: readonly string[] }>;
  readonly lookedIn?: readonly string[];
}

/** A projects folder whose projects have no memory folder of their own, and a home with an empty Claude Code folder. */
function setUp(): { projects: string; cwd: string; env: Record<string, string> } {
  const projects = join(tempDir(), 'projects');
  cpSync(demoProjects, projects, { recursive: true });
  for (const project of [ACME, '-home-dev-notes-cli']) rmSync(join(projects, project, 'memory'), { recursive: true, force: true });
  const home = tempDir();
  mkdirSync(join(home, '.claude'));
  return { projects, cwd: realpathSync(tempDir()), env: { HOME: home, CLAUDE_CONFIG_DIR: '', MEMLOG_CATALOG: ':memory:' } };
}

async function listed(args: readonly string[], cwd: string, env: Record<string, string>, project = ACME): Promise<Listed> {
  const client = await connectMemlogMcp([...args, '--index', join(tempDir(), 'index.db')], { cwd, env });
  try {
    const answer = await callTool(client, 'list_memories', { project });
    expect(answer.isError).toBe(false);
    return JSON.parse(answer.text) as Listed;
  } finally {
    await client.close();
  }
}

describe('the MCP memory tools see what memlog extract wrote', () => {
  it('memlog mcp started beside ./memlog-out lists and recalls the memories extract wrote there', async () => {
    const { projects, cwd, env } = setUp();
    expect(runCli(['extract', projects, '--model', 'offline'], { cwd, env }).status).toBe(0);
    const answer = await listed([projects], cwd, env);
    expect(answer.memoryDir).toBe(join(cwd, 'memlog-out', ACME, 'memory'));
    expect(answer.memories.length).toBeGreaterThan(0);
    // Each memory names the session whose words the backfill's consolidation cited.
    expect(answer.memories.find((m) => m.filename === 'dont-var-const-codebase.md')?.sessions).toEqual([
      'a1eaaff9-3a09-471e-b457-360fb17ea04f',
    ]);
    const client = await connectMemlogMcp([projects, '--index', join(tempDir(), 'index.db')], { cwd, env });
    try {
      const recalled = JSON.parse(
        (await callTool(client, 'recall', { query: 'should I commit straight to main?', project: ACME })).text,
      ) as {
        memoryDir: string;
        memories: unknown[];
      };
      expect(recalled.memoryDir).toBe(join(cwd, 'memlog-out', ACME, 'memory'));
      expect(recalled.memories.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('--out names extract’s output folder wherever it is', async () => {
    const { projects, cwd, env } = setUp();
    const out = join(realpathSync(tempDir()), 'elsewhere');
    expect(runCli(['extract', projects, '--model', 'offline', '--out', out], { cwd, env }).status).toBe(0);
    const answer = await listed([projects, '--out', out], cwd, env);
    expect(answer.memoryDir).toBe(join(out, ACME, 'memory'));
    expect(answer.memories.length).toBeGreaterThan(0);
  });

  it('with no memory folder for the project anywhere, the answer says where it looked', async () => {
    const { projects, cwd, env } = setUp();
    const answer = await listed([projects], cwd, env);
    expect(answer.memories).toEqual([]);
    expect(answer.lookedIn).toEqual([join(projects, ACME, 'memory'), join(env['HOME'] ?? '', '.claude', 'projects', ACME, 'memory')]);
  });

  it('extract given the folder that holds projects/ names the project projects__<name>: the tools find it by its name', async () => {
    const { projects, cwd, env } = setUp();
    expect(runCli(['extract', join(projects, '..'), '--model', 'offline'], { cwd, env }).status).toBe(0);
    const answer = await listed([projects], cwd, env);
    expect(answer.memoryDir).toBe(join(cwd, 'memlog-out', `projects__${ACME}`, 'memory'));
    expect(answer.memories.length).toBeGreaterThan(0);
  });
});
