import { lstat, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { atomicWrite } from '../fs/atomicWrite.js';
import { rm } from '../fs/faultableFs.js';
import { scanForSecrets } from '../secrets/scanForSecrets.js';
import type { ToolDefinition } from './port.js';
import { readRegularFile } from '../fs/regularFile.js';

/** The file tools memory agents get, described for the model in our own words. */
export const FILE_TOOLS: Readonly<Record<string, ToolDefinition>> = {
  Read: {
    name: 'Read',
    description: 'Read a text file. Lines come back numbered.',
    inputSchema: {
      type: 'object',
      properties: { file_path: { type: 'string' }, offset: { type: 'integer' }, limit: { type: 'integer' } },
      required: ['file_path'],
    },
  },
  Glob: {
    name: 'Glob',
    description: 'List files under a directory whose paths match a pattern (*, **, ?).',
    inputSchema: { type: 'object', properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'] },
  },
  Grep: {
    name: 'Grep',
    description: 'Find lines matching a regular expression in the files under a directory.',
    inputSchema: { type: 'object', properties: { pattern: { type: 'string' }, path: { type: 'string' } }, required: ['pattern'] },
  },
  Write: {
    name: 'Write',
    description: 'Create or replace a file with the given content.',
    inputSchema: {
      type: 'object',
      properties: { file_path: { type: 'string' }, content: { type: 'string' } },
      required: ['file_path', 'content'],
    },
  },
  Edit: {
    name: 'Edit',
    description: 'Replace one exact occurrence of old_string with new_string in a file (all of them with replace_all).',
    inputSchema: {
      type: 'object',
      properties: {
        file_path: { type: 'string' },
        old_string: { type: 'string' },
        new_string: { type: 'string' },
        replace_all: { type: 'boolean' },
      },
      required: ['file_path', 'old_string', 'new_string'],
    },
  },
  Delete: {
    name: 'Delete',
    description: 'Delete one file (never a directory).',
    inputSchema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
  },
};

export class ToolInputError extends Error {}

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new ToolInputError(`${name} must be a string`);
  return value;
};

/** Runs a file tool on a path the gate already resolved. Returns the text for the tool_result. */
export async function runFileTool(name: string, input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  switch (name) {
    case 'Read':
      return readTool(input, path);
    case 'Glob':
      return globTool(input, path);
    case 'Grep':
      return grepTool(input, path);
    case 'Write':
      return writeTool(input, path);
    case 'Edit':
      return editTool(input, path);
    case 'Delete':
      return deleteTool(path);
    default:
      throw new ToolInputError(`unknown tool ${name}`);
  }
}

const fileName = (path: string): string => path.split('/').at(-1) ?? path;

async function readTool(input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  const lines = (await readRegularFile(path, 'utf8')).split('\n');
  const offset = typeof input['offset'] === 'number' ? Math.max(0, input['offset'] - 1) : 0;
  const limit = typeof input['limit'] === 'number' ? input['limit'] : 2000;
  return lines
    .slice(offset, offset + limit)
    .map((line, i) => `${String(offset + i + 1).padStart(6)}\t${line}`)
    .join('\n');
}

async function globTool(input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  const pattern = globToRegExp(text(input['pattern'], 'pattern'));
  const files = (await walk(path)).map((file) => relative(path, file)).filter((file) => pattern.test(file));
  return files.length === 0 ? 'No files found' : files.sort().join('\n');
}

async function grepTool(input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  let regex: RegExp;
  try {
    regex = new RegExp(text(input['pattern'], 'pattern'));
  } catch (error) {
    throw new ToolInputError(`invalid pattern: ${(error as Error).message}`);
  }
  const hits: string[] = [];
  for (const file of await walk(path)) {
    const lines = (await readRegularFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (regex.test(line)) hits.push(`${relative(path, file)}:${i + 1}:${line}`);
    });
  }
  return hits.length === 0 ? 'No matches' : hits.join('\n');
}

async function writeTool(input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  const content = text(input['content'], 'content');
  await refuseSecrets(content);
  await atomicWrite(path, content);
  return `Wrote ${fileName(path)}`;
}

async function editTool(input: Readonly<Record<string, unknown>>, path: string): Promise<string> {
  const before = await readRegularFile(path, 'utf8').catch(() => {
    throw new ToolInputError('the file does not exist; use Write to create it');
  });
  const oldString = text(input['old_string'], 'old_string');
  const newString = text(input['new_string'], 'new_string');
  const count = oldString === '' ? 0 : before.split(oldString).length - 1;
  if (count === 0) throw new ToolInputError('old_string was not found in the file');
  if (count > 1 && input['replace_all'] !== true)
    throw new ToolInputError(`old_string occurs ${count} times; make it unique or set replace_all`);
  const after = input['replace_all'] === true ? before.split(oldString).join(newString) : before.replace(oldString, () => newString);
  await refuseSecrets(after);
  await atomicWrite(path, after);
  return `Edited ${fileName(path)}`;
}

async function deleteTool(path: string): Promise<string> {
  const info = await lstat(path).catch(() => {
    throw new ToolInputError('the file does not exist');
  });
  if (!info.isFile()) throw new ToolInputError('only a regular file can be deleted');
  await rm(path);
  return `Deleted ${fileName(path)}`;
}

/**
 * Every file these tools write is memory, and memory is read back into prompts and may be shared
 * with a team: content with a secret is refused before it reaches the disk (long-term spec §5.9).
 * The whole resulting file is scanned, so an Edit that completes a secret split across its
 * boundary is caught too. The message names rule and line, never the value.
 */
async function refuseSecrets(content: string): Promise<void> {
  const findings = await scanForSecrets(content);
  if (findings.length === 0) return;
  const list = findings.map((f) => `${f.label} (${f.ruleId}) on line ${f.line}`).join('; ');
  throw new ToolInputError(`refused: the content contains a secret: ${list}. Memory must never hold credentials; remove it and try again.`);
}

/** `*` within a segment, `**` across segments, `?` one character. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      source += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Regular files under a directory; links are not followed (the gate checked only the root). */
async function walk(dir: string): Promise<string[]> {
  if (!(await stat(dir)).isDirectory()) return [dir];
  const out: string[] = [];
  for (const dirent of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) out.push(...(await walk(path)));
    else if (dirent.isFile()) out.push(path);
  }
  return out;
}
