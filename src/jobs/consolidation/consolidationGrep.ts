import { readdir, realpath } from 'node:fs/promises';
import { openRegular } from '../../fs/regularFile.js';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { isWithin } from '../../fs/containment.js';
import type { AgentTool } from '../../model/agentLoop.js';
import { FILE_TOOLS, ToolInputError } from '../../model/fileTools.js';

/** How much one search may send back: a transcript line can be a whole file's worth of tool output. */
export interface GrepCaps {
  /** Matching lines shown; the rest are counted. */
  readonly maxMatches: number;
  /** Characters of each line shown, around the match. */
  readonly maxExcerptChars: number;
  /** Characters of the whole answer. */
  readonly maxOutputChars: number;
}

export const GREP_CAPS: GrepCaps = { maxMatches: 40, maxExcerptChars: 240, maxOutputChars: 10_000 };

export interface ConsolidationGrepOptions {
  /** The agent's copy of the memory directory. */
  readonly workspace: string;
  /** The session transcripts it may search (the project's, since the last consolidation). */
  readonly sessions: readonly string[];
  readonly caps?: GrepCaps;
}

/** The part of `line` around the match, within `max` characters, marked where it was cut. */
function excerpt(line: string, at: number, length: number, max: number): string {
  if (line.length <= max) return line;
  const start = Math.max(0, Math.min(at - Math.floor((max - length) / 2), line.length - max));
  const end = Math.min(line.length, start + max);
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}

/** Who said it and when: the fields a source cites, from a transcript line (null when the line is not an entry). */
function entryLabel(line: string): string {
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const field = (name: string) => (typeof entry[name] === 'string' ? entry[name] : '?');
    return `uuid ${field('uuid')} at ${field('timestamp')} (${field('type')})`;
  } catch {
    return 'not an entry';
  }
}

async function* lines(path: string): AsyncGenerator<string> {
  const input = (await openRegular(path)).createReadStream({ encoding: 'utf8' });
  const reader = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of reader) yield line;
  } finally {
    reader.close();
    // A search that stops early must still close the file (the stream owns the handle).
    input.destroy();
  }
}

/**
 * The consolidation agent's Grep: over its copy of the memory directory (`file:line: text`), or
 * over the project's session transcripts (`session uuid timestamp (type): excerpt`, so a change
 * can cite the message), never anything else. Transcripts are read a line at a time and only
 * excerpts come back, with at most `maxMatches` lines and `maxOutputChars` in all: the agent
 * searches them narrowly and never reads one whole.
 */
export function consolidationGrep(options: ConsolidationGrepOptions): AgentTool {
  const caps = options.caps ?? GREP_CAPS;
  return {
    definition: {
      ...FILE_TOOLS['Grep']!,
      description:
        'Find lines matching a regular expression: in the memory directory (path inside it, the default), or in the session transcripts (path: the sessions folder or one transcript). Transcript hits show the session id, message uuid, timestamp and an excerpt; output is capped, so use narrow patterns.',
      inputSchema: {
        type: 'object',
        properties: { pattern: { type: 'string' }, path: { type: 'string' }, ignore_case: { type: 'boolean' } },
        required: ['pattern'],
      },
    },
    async run(input, path) {
      if (typeof input['pattern'] !== 'string' || input['pattern'] === '') throw new ToolInputError('pattern must be a non-empty string');
      let regex: RegExp;
      try {
        regex = new RegExp(input['pattern'], input['ignore_case'] === true ? 'i' : '');
      } catch (error) {
        throw new ToolInputError(`invalid pattern: ${(error as Error).message}`);
      }
      const workspace = await realpath(options.workspace);
      const inMemory = isWithin(workspace, path);
      const files = inMemory
        ? (await readdir(workspace, { withFileTypes: true }))
            .filter((d) => d.isFile() && d.name.endsWith('.md'))
            .map((d) => join(workspace, d.name))
            .filter((file) => isWithin(path, file))
            .sort()
        : (await Promise.all(options.sessions.map((file) => realpath(file).catch(() => null)))).filter(
            (file): file is string => file !== null && isWithin(path, file),
          );
      const shown: string[] = [];
      let size = 0;
      let more = 0;
      for (const file of files) {
        let n = 0;
        for await (const line of lines(file)) {
          n++;
          const match = regex.exec(line);
          if (match === null) continue;
          const text = excerpt(line, match.index, match[0].length, caps.maxExcerptChars);
          const hit = inMemory ? `${basename(file)}:${n}: ${text}` : `${basename(file, '.jsonl')} ${entryLabel(line)}: ${text}`;
          if (shown.length >= caps.maxMatches || size + hit.length + 1 > caps.maxOutputChars) {
            more++;
            continue;
          }
          shown.push(hit);
          size += hit.length + 1;
        }
      }
      if (shown.length === 0 && more === 0)
        return `No matches${inMemory ? '' : ` in ${files.length} session transcript${files.length === 1 ? '' : 's'}`}`;
      return `${shown.join('\n')}${more === 0 ? '' : `\n[${more} more matching line${more === 1 ? '' : 's'} not shown: use a narrower pattern]`}`;
    },
  };
}
