import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const PROJECT = '-home-dev-acme-shop';
const FIX_TESTS = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

/** The demo sessions archived by `memlog archive`, then deleted from the projects folder: they are only in the archive. */
function archivedOnly(): { readonly archive: string; readonly index: string } {
  const root = tempDir();
  const config = join(root, 'claude');
  cpSync(demoProjects, join(config, 'projects'), { recursive: true });
  const archive = join(root, 'archive');
  const result = runCli(['archive', '--to', archive, '--config-dir', config]);
  expect(result.status, result.stderr).toBe(0);
  rmSync(join(config, 'projects'), { recursive: true });
  return { archive, index: join(root, 'index.db') };
}

describe('memlog mcp over an archive (decision 82), through the SDK client over stdio', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
  });

  it('search_sessions finds a session that is only in the archive, and read_session reads around the match', async () => {
    const { archive, index } = archivedOnly();
    client = await connectMemlogMcp([archive, '--index', index]);
    const answer = await callTool(client, 'search_sessions', { query: 'prefer pnpm', role: 'user' });
    expect(answer.isError, answer.text).toBe(false);
    const { hits } = JSON.parse(answer.text) as { hits: Record<string, unknown>[] };
    expect(hits[0]).toMatchObject({
      session: FIX_TESTS,
      project: PROJECT,
      seq: 48,
      uuid: 'fa8a5fcb-ebad-400c-8fea-0b7383f543d6',
      snippet: 'Remember that I «prefer» «pnpm» over npm for this project.',
    });
    const read = await callTool(client, 'read_session', { session: FIX_TESTS, around: 48, before: 0, after: 0 });
    expect(read.isError, read.text).toBe(false);
    expect(JSON.parse(read.text)).toMatchObject({
      session: FIX_TESTS,
      messages: [{ seq: 48, text: 'Remember that I prefer pnpm over npm for this project.' }],
    });
  }, 120_000);

  it("with no paths, searches the default archive beside Claude Code's projects folder", async () => {
    const { archive, index } = archivedOnly();
    const config = join(tempDir(), 'claude');
    mkdirSync(join(config, 'projects'), { recursive: true });
    client = await connectMemlogMcp(['--index', index], { env: { CLAUDE_CONFIG_DIR: config, MEMLOG_ARCHIVE: archive } });
    const { hits } = JSON.parse((await callTool(client, 'search_sessions', { query: 'prefer pnpm' })).text) as {
      hits: { session: string }[];
    };
    expect(hits.map((hit) => hit.session)).toContain(FIX_TESTS);
  }, 120_000);
});
