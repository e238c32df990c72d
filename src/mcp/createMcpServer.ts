import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerMemoryTools } from './memoryTools.js';
import { registerSessionTools } from './sessionTools.js';
import { toolContext, type McpServerOptions } from './toolContext.js';
import { registerWriteTools } from './writeTools.js';

/**
 * memlog as an MCP server (decision 72): search and read past sessions, list, read and explain
 * memories, and recall; read-only unless asked to write, every answer bounded. Connect it to a transport to serve.
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'memlog', version: '0.1.0' },
    {
      instructions:
        'memlog: search every past coding session (search_sessions, then read_session around a match) and look at the durable memories (list_memories, read_memory, memory_why, recall).',
    },
  );
  const context = toolContext(server, options);
  registerSessionTools(server, context);
  registerMemoryTools(server, context);
  if (options.allowWrites === true) registerWriteTools(server, context);
  return server;
}
