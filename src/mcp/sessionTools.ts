import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MemlogError } from '../errors.js';
import { searchSessionsAndArchives, updateIndexAndArchives } from '../archive/index.js';
import { dateBound } from '../transcript/time/index.js';
import { openSearchDb, projectName, seqOfUuid, sessionFile, sessionWindow, type SearchDb } from '../search/index.js';
import { capText, jsonAnswer } from './bounded.js';
import { projectOfCwd } from './projectScope.js';
import { guarded, type ToolContext } from './toolContext.js';

/** Bounds of a tool answer: matches per search, characters per snippet and per message, messages each side of a window. */
export const MAX_SEARCH_LIMIT = 50;
export const MAX_SNIPPET_CHARS = 400;
export const MAX_MESSAGE_CHARS = 1500;
export const MAX_WINDOW_SIDE = 20;

const searchInput = {
  query: z.string().min(1).max(500).describe('words that must all be there; "a phrase" in quotes; word* for a prefix'),
  project: z
    .string()
    .min(1)
    .optional()
    .describe(
      'only this project: its folder name (-home-dev-app), its directory (/home/dev/app), or "." for the client\'s; default: every project',
    ),
  since: z.string().optional().describe('only entries at or after this day (2026-03-04) or ISO time'),
  until: z.string().optional().describe('only entries up to this day (inclusive) or ISO time'),
  role: z.enum(['user', 'assistant']).optional().describe('only what the user or the assistant said'),
  tools: z.boolean().optional().describe("also search tool calls' inputs and tool results"),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional().describe(`matches at most (default 10, at most ${MAX_SEARCH_LIMIT})`),
};

const readInput = {
  session: z.string().min(1).describe('the session id (as search_sessions names it), or its first 8 or more characters'),
  around: z
    .union([z.number().int().min(0), z.string().min(1)])
    .optional()
    .describe("the entry to centre on: its seq or its uuid; default: the session's start"),
  before: z.number().int().min(0).max(MAX_WINDOW_SIDE).optional().describe(`messages before it (default 5, at most ${MAX_WINDOW_SIDE})`),
  after: z.number().int().min(0).max(MAX_WINDOW_SIDE).optional().describe(`messages after it (default 10, at most ${MAX_WINDOW_SIDE})`),
  tools: z.boolean().optional().describe('also show tool calls and tool results'),
};

/** `search_sessions`: the index brought up to date, then searched. */
function registerSearch(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'search_sessions',
    {
      title: 'Search past sessions',
      description:
        "Full-text search over every past coding session's user and assistant messages: each match names the session, the entry (seq and uuid), its time and a snippet with the match marked «so». Use read_session to read around a match.",
      inputSchema: searchInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async (args) => {
      const { options } = context;
      const project =
        args.project === undefined ? undefined : args.project === '.' ? projectOfCwd(await context.cwd()) : projectName(args.project);
      const { hits, index, unreadable } = await searchSessionsAndArchives(
        options.indexPath,
        options.paths,
        options.archives ?? [],
        args.query,
        {
          ...(project === undefined ? {} : { projects: [project] }),
          ...(args.since === undefined ? {} : { since: dateBound(args.since, 'since') }),
          ...(args.until === undefined ? {} : { until: dateBound(args.until, 'until') }),
          ...(args.role === undefined ? {} : { role: args.role }),
          tools: args.tools === true,
          limit: args.limit ?? 10,
        },
      );
      return jsonAnswer({
        query: args.query,
        project: project ?? 'every project',
        hits: hits.map(({ path: _path, ...hit }) => ({ ...hit, snippet: capText(hit.snippet, MAX_SNIPPET_CHARS) })),
        // Sessions that could not be read are named, not left out in silence (decision 107).
        ...(index.skipped.length === 0
          ? {}
          : { skipped: index.skipped.map(({ project, session, reason }) => ({ project, session, reason })) }),
        // And what the walk could not read, which is no session, in every command's shape (decision 115). Absolute, unlike
        // `memlog search`'s paths below the folder given: the server resolved its folders when it started, and the agent that
        // reads this answer works in a folder of its own, where a relative path would name another file (decisions 111, 115).
        ...(unreadable.length === 0 ? {} : { unreadable: unreadable.map(({ path, reason }) => ({ path, reason })) }),
      });
    }),
  );
}

function centre(db: SearchDb, path: string, around: number | string | undefined): number | undefined {
  if (typeof around !== 'string') return around;
  if (/^\d+$/.test(around)) return Number(around);
  const seq = seqOfUuid(db, path, around);
  if (seq === undefined) throw new MemlogError('not_found', `no entry with uuid ${JSON.stringify(around)} in this session`);
  return seq;
}

/** `read_session`: a bounded window of a session's messages around an entry, from the index. */
function registerRead(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'read_session',
    {
      title: 'Read a past session',
      description:
        'The messages of a past session around one entry (by seq or uuid, as search_sessions gives them): a bounded window, in order.',
      inputSchema: readInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async (args) => {
      const db = openSearchDb(context.options.indexPath);
      try {
        await updateIndexAndArchives(db, context.options.paths, context.options.archives ?? []);
        const found = sessionFile(db, args.session);
        if (found === undefined)
          throw new MemlogError('not_found', `no session ${JSON.stringify(args.session)} (search_sessions names them)`);
        if ('ambiguous' in found)
          throw new MemlogError(
            'invalid_argument',
            `session ${JSON.stringify(args.session)} is ambiguous: ${found.ambiguous.slice(0, 5).join(', ')}`,
          );
        const around = centre(db, found.path, args.around);
        const messages = sessionWindow(db, found.path, {
          ...(around === undefined ? {} : { around }),
          before: args.before ?? 5,
          after: args.after ?? 10,
          tools: args.tools === true,
        });
        const shown = messages.map((m) => ({ ...m, text: capText(m.text, MAX_MESSAGE_CHARS) }));
        return jsonAnswer({ session: found.session, project: found.project, messages: shown });
      } finally {
        db.close();
      }
    }),
  );
}

export function registerSessionTools(server: McpServer, context: ToolContext): void {
  registerSearch(server, context);
  registerRead(server, context);
}
