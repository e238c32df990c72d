import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { scanMemoryFiles } from '../memory/durable/index.js';
import { recallMemories } from '../jobs/index.js';
import { capText, jsonAnswer } from './bounded.js';
import { listMemories, memoryWhy, readMemory } from './memoryViews.js';
import { memoryDirFor, memoryPlace, projectOfCwd } from './projectScope.js';
import { guarded, type ToolContext } from './toolContext.js';

const project = z
  .string()
  .min(1)
  .optional()
  .describe("the project: its folder name (-home-dev-app) or its directory; default: the client's working directory");
const name = z.string().min(1).max(300).describe('the memory: its file name (with or without .md) or the name in its frontmatter');

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

async function dirOf(context: ToolContext, given: string | undefined): Promise<string> {
  return memoryDirFor(context.options, given, await context.cwd());
}

function registerReads(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_memories',
    {
      title: 'List memories',
      description: "A project's durable memories: file name, type, description and the sessions that wrote each.",
      inputSchema: { project },
      annotations: readOnly,
    },
    guarded(async (args) => {
      const { dir, lookedIn } = memoryPlace(context.options, args.project, await context.cwd());
      return jsonAnswer({ memoryDir: dir, memories: await listMemories(dir), ...(lookedIn === undefined ? {} : { lookedIn }) });
    }),
  );
  server.registerTool(
    'read_memory',
    {
      title: 'Read a memory',
      description: "One memory file's text (cut at 25,000 characters).",
      inputSchema: { name, project },
      annotations: readOnly,
    },
    guarded(async (args) => jsonAnswer(await readMemory(await dirOf(context, args.project), args.name))),
  );
  server.registerTool(
    'memory_why',
    {
      title: 'Where a memory came from',
      description:
        'The provenance of a memory: the sessions and messages whose extraction wrote it, and what each consolidation did to it, with reasons and sources.',
      inputSchema: { name, project },
      annotations: readOnly,
    },
    guarded(async (args) => jsonAnswer(await memoryWhy(await dirOf(context, args.project), args.name))),
  );
}

function registerRecall(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'recall',
    {
      title: 'Recall memories for a message',
      description:
        'The memories the model would be given for this message (as `memlog context --recall` chooses them: at most five, each cut at 200 lines / 4 KB).',
      inputSchema: { query: z.string().min(1).max(2000).describe("the user's message"), project },
      annotations: readOnly,
    },
    guarded(async (args) => {
      const { dir: memoryDir, lookedIn } = memoryPlace(context.options, args.project, await context.cwd());
      const result = await recallMemories({ memoryDir, query: args.query, model: context.options.recallModel });
      return jsonAnswer({
        memoryDir,
        memories: result.memories.map((m) => ({ path: m.path, header: m.header, content: capText(m.content, 5000) })),
        ...(result.skipped === undefined ? {} : { skipped: result.skipped }),
        ...(lookedIn === undefined ? {} : { lookedIn }),
      });
    }),
  );
}

/** The client's project's memory files as resources: memory://<project>/<file>. */
function registerResources(server: McpServer, context: ToolContext): void {
  const template = new ResourceTemplate('memory://{project}/{filename}', {
    list: async () => {
      const cwd = await context.cwd();
      const dir = memoryDirFor(context.options, undefined, cwd);
      const files = await scanMemoryFiles(dir);
      const projectKey = encodeURIComponent(projectOfCwd(cwd));
      return {
        resources: files.map((f) => ({
          uri: `memory://${projectKey}/${encodeURIComponent(f.filename)}`,
          name: f.filename,
          mimeType: 'text/markdown',
          ...(f.description === null ? {} : { description: capText(f.description, 300) }),
        })),
      };
    },
  });
  server.registerResource('memory', template, { title: 'Memory file', mimeType: 'text/markdown' }, async (uri, variables) => {
    const filename = decodeURIComponent(String(variables['filename']));
    const projectKey = decodeURIComponent(String(variables['project']));
    const cwd = await context.cwd();
    const given = projectKey === projectOfCwd(cwd) ? undefined : projectKey;
    const memory = await readMemory(memoryDirFor(context.options, given, cwd), filename);
    return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: memory.text }] };
  });
}

export function registerMemoryTools(server: McpServer, context: ToolContext): void {
  registerReads(server, context);
  registerRecall(server, context);
  registerResources(server, context);
}
