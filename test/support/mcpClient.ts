import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliArgs, preloadArgs } from './cliBundle.js';
import type { FsFault } from './failFs.js';
import { FAIL_FS_ENV } from './runCli.js';

/** An MCP client connected over stdio to `memlog mcp <args>` in a child process (this run's CLI bundle). */
export async function connectMemlogMcp(
  args: readonly string[],
  options: {
    readonly cwd?: string;
    readonly roots?: readonly string[];
    readonly env?: Record<string, string>;
    /** File-system calls on these paths fail in the server with these errnos (test/support/failFs.ts). */
    readonly failFs?: readonly FsFault[];
  } = {},
): Promise<Client> {
  const env = options.failFs === undefined ? options.env : { ...options.env, [FAIL_FS_ENV]: JSON.stringify(options.failFs) };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...preloadArgs(options.failFs === undefined ? [] : ['failFs']), ...cliArgs(), 'mcp', ...args],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    // The SDK adds these to its default environment (HOME, PATH and the like).
    ...(env === undefined ? {} : { env }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'memlog-test', version: '1.0.0' }, options.roots === undefined ? {} : { capabilities: { roots: {} } });
  if (options.roots !== undefined) {
    const { ListRootsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const roots = options.roots.map((path) => ({ uri: `file://${path}`, name: path }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  }
  await client.connect(transport);
  return client;
}

/** A tool call's text answer, and whether it is a tool error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  return { text: content.map((c) => c.text ?? '').join(''), isError: result.isError === true };
}
