import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MemlogError } from '../errors.js';
import { appendWholeLines, atomicWrite } from '../fs/index.js';
import { INDEX_NAME, MAX_DESCRIPTION_CHARS, MAX_TOPIC_BYTES, MEMORY_TYPES, indexLine, renderTopicFile } from '../memory/durable/index.js';
import { formatFinding, scanForSecrets } from '../secrets/index.js';
import { jsonAnswer } from './bounded.js';
import { memoryDirFor } from './projectScope.js';
import { guarded, type ToolContext } from './toolContext.js';

const rememberInput = {
  name: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case name: lowercase letters, digits and single hyphens')
    .max(80)
    .describe("the new memory's name, kebab-case (prefer-pnpm); its file is <name>.md"),
  type: z.enum(MEMORY_TYPES).describe('user, feedback, project or reference'),
  description: z.string().min(1).max(MAX_DESCRIPTION_CHARS).describe('one line: what the memory says, for the index'),
  body: z.string().min(1).max(MAX_TOPIC_BYTES).describe('the memory itself, in Markdown'),
  project: z.string().min(1).optional().describe("the project (default: the client's working directory)"),
};

/**
 * Writing tools, registered only with `--allow-writes` (decision 72). `remember` adds a new
 * memory: it never overwrites one, refuses text with a secret in it, writes the file atomically
 * and appends its line to the index.
 */
export function registerWriteTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'remember',
    {
      title: 'Remember something',
      description: 'Adds a new durable memory to the project: a topic file and its line in MEMORY.md. Never overwrites an existing memory.',
      inputSchema: rememberInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    guarded(async (args) => {
      const dir = memoryDirFor(context.options, args.project, await context.cwd());
      const filename = `${args.name}.md`;
      const path = join(dir, filename);
      if (existsSync(path))
        throw new MemlogError('invalid_argument', `a memory named ${args.name} already exists; remember only adds new memories`);
      const findings = await scanForSecrets(`${args.description}\n${args.body}`);
      if (findings.length > 0)
        throw new MemlogError(
          'invalid_argument',
          `refused: the memory holds what looks like a secret (${findings.map(formatFinding).join('; ')})`,
        );
      const line = indexLine(args.name, filename, args.description);
      const content = renderTopicFile({
        name: args.name,
        description: args.description,
        type: args.type,
        body: args.body,
        modified: new Date().toISOString(),
      });
      mkdirSync(dir, { recursive: true });
      await atomicWrite(path, content, 0o644);
      await appendWholeLines(join(dir, INDEX_NAME), `${line}\n`, { endTornTail: true, fileMode: 0o644 });
      return jsonAnswer({ written: path, indexLine: line });
    }),
  );
}
