import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { INDEX_NAME } from './memoryIndex.js';
import { isExcludedFromMemory } from './memoryPathLint.js';
import type { FrontmatterProblem } from './frontmatterYaml.js';
import { readTopicHeader, type MemoryType } from './topicFile.js';
import { openRegular } from '../../fs/regularFile.js';
import { savedAtMs } from './savedAt.js';

/** Long-term spec §2.1: only the first lines are read, for the newest files. */
export const FRONTMATTER_MAX_LINES = 30;
export const MAX_MEMORY_FILES = 200;

export interface MemoryFileHeader {
  /** Relative to the memory directory, with `/`. */
  readonly filename: string;
  readonly filePath: string;
  readonly mtimeMs: number;
  /** When the memory was last saved: its `modified:` frontmatter when that is a time, else `mtimeMs` (decision 70, amended). */
  readonly savedAtMs: number;
  readonly description: string | null;
  readonly type?: MemoryType;
  readonly name?: string;
  /** What its frontmatter's YAML holds that was read past (an unknown tag), for a command to report. */
  readonly problems?: readonly FrontmatterProblem[];
}

async function firstLines(path: string, lines: number): Promise<string> {
  const handle = await openRegular(path);
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').split('\n').slice(0, lines).join('\n');
  } finally {
    await handle.close();
  }
}

type Header = ReturnType<typeof readTopicHeader>;

/**
 * Headers already read, by file identity (device, inode, size, mtime): an extraction scans the
 * memory directory once a run, through a copy made of hard links, so most files are the same
 * inode run after run. A file written since has a new inode or mtime and is read again. Not
 * ctime: every run's links change it, which made every scan a miss (decision 30, addendum).
 */
const headers = new Map<string, Header>();
const HEADER_CACHE_LIMIT = 20_000;

async function headerOf(filePath: string, info: Stats): Promise<Header> {
  const key = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
  const cached = headers.get(key);
  if (cached !== undefined) return cached;
  const header = readTopicHeader(`${await firstLines(filePath, FRONTMATTER_MAX_LINES)}\n`);
  if (headers.size >= HEADER_CACHE_LIMIT) headers.clear();
  headers.set(key, header);
  return header;
}

/**
 * The memory files of a directory, the newest saved first (decision 70, amended), at most 200: every `.md` below it except
 * MEMORY.md and what is not memory (`isExcludedFromMemory`), with the description and type from the frontmatter of its first 30 lines. A file
 * that cannot be read is left out; a missing directory has none.
 */
export async function scanMemoryFiles(memoryDir: string): Promise<MemoryFileHeader[]> {
  let names: string[];
  try {
    names = (await readdir(memoryDir, { recursive: true })).map(String);
  } catch {
    return [];
  }
  // Not memory: dot-files and dot-folders, and the subtrees Claude Code 2.1.332 leaves out (team/, logs/, sessions/, proposals/).
  const files = names.filter(
    (name) =>
      name.endsWith('.md') &&
      name.split(sep).at(-1) !== INDEX_NAME &&
      !name.split(sep).some((part) => part.startsWith('.')) &&
      !isExcludedFromMemory(name),
  );
  const headers = await Promise.allSettled(
    files.map(async (name): Promise<MemoryFileHeader> => {
      const filePath = join(memoryDir, name);
      const info = await stat(filePath);
      // Left out like a file that cannot be read: opening a pipe would block until something writes to it.
      if (!info.isFile()) throw new Error(`${filePath} is not a regular file`);
      const filename = relative(memoryDir, filePath).split(sep).join('/');
      const header = await headerOf(filePath, info);
      return {
        filename,
        filePath,
        mtimeMs: info.mtimeMs,
        savedAtMs: savedAtMs(header?.modified, info.mtimeMs),
        description: header?.description ?? null,
        ...(header?.type === undefined ? {} : { type: header.type }),
        ...(header?.name === undefined ? {} : { name: header.name }),
        ...(header?.problems === undefined ? {} : { problems: header.problems }),
      };
    }),
  );
  return headers
    .flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    .sort((a, b) => b.savedAtMs - a.savedAtMs || (a.filename < b.filename ? -1 : 1))
    .slice(0, MAX_MEMORY_FILES);
}

/** The manifest a selector or an extractor is shown: `- [type] filename (ISO time saved): description`. */
export function formatManifest(headers: readonly MemoryFileHeader[]): string {
  return headers
    .map(
      (h) =>
        `- ${h.type === undefined ? '' : `[${h.type}] `}${h.filename} (${new Date(h.savedAtMs).toISOString()})${h.description === null ? '' : `: ${h.description}`}`,
    )
    .join('\n');
}
