import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { answeringStdioTransport, createMcpServer } from '../mcp/index.js';
import { defaultIndexPath } from '../search/index.js';
import { modelFromOptions, type ModelKind } from '../jobs/index.js';
import { searchedPlaces } from '../archive/index.js';
import { modelOption } from './optionChecks.js';
import { EXTRACT_OUT, extractOutHere } from './extractOut.js';

interface McpOptions {
  readonly index?: string;
  readonly memoryDir?: string;
  readonly out?: string;
  readonly recallModel: ModelKind;
  readonly allowWrites?: boolean;
}

/** memlog extract's output folder as named: it must be there, or a mistyped one would answer "no memories". */
const outFolder = (value: string): string => {
  if (!existsSync(value)) throw new InvalidArgumentError(`no output folder ${value} (memlog extract --out writes one)`);
  return resolve(value);
};

/** The folder named, else the default when it is there. */
const extractOutOf = (out: string | undefined): { extractOut?: string } => {
  const folder = out ?? extractOutHere();
  return folder === undefined ? {} : { extractOut: resolve(folder) };
};

/** `memlog mcp [paths…]`: an MCP server over stdio for any MCP client (Claude Code, Codex, Cursor). */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description(
      'serve past sessions and memories to an MCP client over stdio: search_sessions, read_session, list_memories, read_memory, memory_why, recall; read-only unless --allow-writes',
    )
    .argument(
      '[paths...]',
      "projects folders, project folders, transcripts or archives to search (default: Claude Code's projects folder and memlog's archive)",
    )
    .option('--index <file>', 'the search index file (default: MEMLOG_INDEX, else ~/.memlog/index.db)')
    .option('--memory-dir <dir>', "the memory folder when a tool names no project (default: the client's project's)")
    .option(
      '--out <dir>',
      `memlog extract's output folder: a project's memories are looked for there first (default: ${EXTRACT_OUT} when it exists)`,
      outFolder,
    )
    .option('--allow-writes', 'also offer the writing tool remember (adds a new memory; never overwrites one)')
    .addOption(modelOption('--recall-model <kind>', 'the model recall asks: offline (default), auto or anthropic', 'offline'))
    .addHelpText('after', '\nInstall:\n  claude mcp add memlog -- npx memlog mcp\n  codex mcp add memlog -- npx memlog mcp')
    .action(async (paths: string[], options: McpOptions) => {
      const { roots, archives } = searchedPlaces(paths.map((path) => resolve(path)));
      let lastError: Error | undefined;
      const server = createMcpServer({
        indexPath: options.index ?? defaultIndexPath(),
        paths: roots,
        archives,
        ...(options.memoryDir === undefined ? {} : { memoryDir: resolve(options.memoryDir) }),
        ...extractOutOf(options.out),
        recallModel: modelFromOptions({ model: options.recallModel }),
        cwd: process.cwd(),
        allowWrites: options.allowWrites === true,
      });
      server.server.onerror = (error) => {
        lastError = error;
      };
      const transport = answeringStdioTransport(process.stdin, process.stdout);
      await server.connect(transport);
      // Served until the client closes stdin. The transport closing first means it stopped reading (a read
      // error): the server can answer nothing more, so it says so and fails rather than wait for ever.
      const ended = await new Promise<'stdin' | 'transport'>((done) => {
        process.stdin.once('close', () => done('stdin')).once('end', () => done('stdin'));
        server.server.onclose = () => done('transport');
      });
      if (ended === 'transport') {
        process.stderr.write(`memlog mcp: stopped reading stdin${lastError === undefined ? '' : `: ${lastError.message}`}\n`);
        process.exit(1);
      }
    });
}
