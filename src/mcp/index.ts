/** memlog's MCP server: past sessions, memories, provenance and recall for any MCP client (decision 72). */
export { createMcpServer } from './createMcpServer.js';
export { answeringStdioTransport } from './stdioTransport.js';
export type { McpServerOptions } from './toolContext.js';
export { MAX_ANSWER_CHARS } from './bounded.js';
export { MAX_SEARCH_LIMIT, MAX_SNIPPET_CHARS, MAX_MESSAGE_CHARS, MAX_WINDOW_SIDE } from './sessionTools.js';
