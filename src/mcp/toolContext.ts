import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describeFailure } from '../fs/index.js';
import type { ModelPort } from '../model/index.js';
import { errorAnswer } from './bounded.js';
import { clientCwd, type MemoryScope } from './projectScope.js';

export interface McpServerOptions extends MemoryScope {
  /** The search index file. */
  readonly indexPath: string;
  /** memlog archives searched too, as `memlog search` does (decision 82); `paths` are the folders on disk. */
  readonly archives?: readonly string[];
  /** The model recall asks to choose memories (the offline model by default). */
  readonly recallModel: ModelPort;
  /** The server's working directory: the client's when it names no roots. */
  readonly cwd: string;
  /** Register the writing tools too (`--allow-writes`); read-only otherwise. */
  readonly allowWrites?: boolean;
}

/** What every tool handler gets: the options and the client's working directory, asked when needed. */
export interface ToolContext {
  readonly options: McpServerOptions;
  readonly cwd: () => Promise<string>;
}

export function toolContext(server: McpServer, options: McpServerOptions): ToolContext {
  return { options, cwd: () => clientCwd(server.server, options.cwd) };
}

type Answer = { content: { type: 'text'; text: string }[]; isError?: boolean };

/** A handler whose expected failures (bad argument, missing file or memory) become a one-line tool error, not a crash. */
export function guarded<A>(handler: (args: A) => Promise<Answer>): (args: A) => Promise<Answer> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      const line = describeFailure(error);
      if (line === undefined) throw error;
      return errorAnswer(line);
    }
  };
}
