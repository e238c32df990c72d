import { describe, expect, it } from 'vitest';
import { callTool, connectMemlogMcp } from '../support/mcpClient.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';
import { join } from 'node:path';

describe('a day that is not on the calendar is refused wherever a day is taken', () => {
  it.each([
    [['report', demoProjects, '--usage', '--since', '2026-02-30']],
    [['report', demoProjects, '--usage', '--until', '2026-04-31']],
    [['search', 'pnpm', demoProjects, '--since', '2026-02-30']],
    [['search', 'pnpm', demoProjects, '--until', '2026-02-29T10:00:00Z']],
  ])('memlog %j is a usage error (exit 2) saying there is no such day', (args) => {
    const result = runCli([...args, ...(args[0] === 'search' ? ['--index', join(tempDir(), 'index.db')] : [])]);
    expect(result.status, result.stdout).toBe(2);
    expect(result.stderr).toMatch(/no such day: (February|April) 2026 has (28|30) days/);
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.stdout).toBe('');
  });

  it('the MCP search tool answers a tool error for since 2026-02-30, as for any bad argument', async () => {
    const client = await connectMemlogMcp([demoProjects, '--index', join(tempDir(), 'index.db')]);
    try {
      expect(await callTool(client, 'search_sessions', { query: 'pnpm', since: '2026-02-30' })).toEqual({
        isError: true,
        text: 'since "2026-02-30": no such day: February 2026 has 28 days',
      });
    } finally {
      await client.close();
    }
  });
});
