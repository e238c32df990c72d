import { readFile } from 'node:fs/promises';
import { MemlogError } from '../errors.js';
import { parseTopicFile, scanMemoryFiles, type MemoryFileHeader } from '../memory/durable/index.js';
import { consolidationHistory, memorySessions, memoryWrites } from '../jobs/index.js';
import { capText } from './bounded.js';

/** The most of one memory file read_memory returns (Claude Code caps a topic file at 200 lines / 25 KB). */
export const MAX_MEMORY_CHARS = 25_000;

/** Every memory of a folder with its type, description and the sessions that wrote it (`memlog memory list`). */
export async function listMemories(dir: string): Promise<object[]> {
  const files = await scanMemoryFiles(dir);
  const sessions = memorySessions(dir);
  return files.map((file) => ({
    filename: file.filename,
    name: file.name ?? null,
    type: file.type ?? null,
    description: file.description === null ? null : capText(file.description, 500),
    sessions: sessions.get(file.filename) ?? [],
  }));
}

/** A memory by file name (with or without .md) or frontmatter name; only files the scan lists, so no path leaves the folder. */
async function findMemory(dir: string, name: string): Promise<MemoryFileHeader | undefined> {
  const files = await scanMemoryFiles(dir);
  return files.find((f) => f.filename === name || f.filename === `${name}.md` || f.name === name);
}

/** One memory file's text, cut at {@link MAX_MEMORY_CHARS}. */
export async function readMemory(dir: string, name: string): Promise<{ filename: string; text: string }> {
  const file = await findMemory(dir, name);
  if (file === undefined)
    throw new MemlogError('not_found', `no memory named ${JSON.stringify(name)} in this project (list_memories shows them)`);
  return { filename: file.filename, text: capText(await readFile(file.filePath, 'utf8'), MAX_MEMORY_CHARS) };
}

/** Where a memory came from: the extraction runs that wrote it and what consolidations did to it (`memlog memory why --json`). */
export async function memoryWhy(dir: string, name: string): Promise<object> {
  const file = await findMemory(dir, name);
  const history = consolidationHistory(dir);
  const filename = file?.filename ?? history.find((t) => t.file === name || t.file === `${name}.md`)?.file;
  if (filename === undefined)
    throw new MemlogError(
      'not_found',
      `no memory named ${JSON.stringify(name)} in this project, now or in its history (list_memories shows them)`,
    );
  const parsed = file === undefined ? undefined : parseTopicFile(await readFile(file.filePath, 'utf8'), file.filename);
  const memory = parsed?.ok === true ? parsed.file : null;
  return {
    filename,
    stillAFile: file !== undefined,
    originSessionId: memory?.originSessionId ?? null,
    writes: memoryWrites(dir)
      .filter((w) => w.file === filename)
      .map(({ effectLog: _log, ...write }) => write),
    consolidations: history.filter((t) => t.file === filename),
  };
}
