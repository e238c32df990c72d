import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FixtureSet, MemoryDir, Transcript } from './invocations.js';

/** Where transcripts are looked for; `shared` and `generated` are null when absent or not asked for. */
export interface FixtureRoots {
  readonly projects: string;
  readonly negative: string;
  readonly shared: string | null;
  readonly generated: string | null;
  /** Memory folders that lie outside the transcripts' trees (the consolidation fixtures). */
  readonly memoryFolders: readonly string[];
}

/** Enough of a transcript to find an entry in the middle of it without reading a generated gigabyte. */
const UUID_SCAN_BYTES = 4 * 1024 * 1024;

/**
 * The transcripts (every `*.jsonl` but memlog's own effect logs), the folders and the memory
 * folders under the roots, each list sorted so that every run builds the same invocations.
 * Folders: the projects folder and each project in it, the negative cases, each group of the
 * shared fixtures and each projects folder in a group (Claude Code 2.1.332's sessions), and the
 * generated corpus.
 */
export function findFixtures(roots: FixtureRoots): FixtureSet {
  const trees = [roots.projects, roots.negative, roots.shared, roots.generated].filter((root): root is string => root !== null);
  const files = trees.flatMap((root) => walk(root)).sort();
  const transcripts: Transcript[] = files
    .filter((path) => path.endsWith('.jsonl') && !path.endsWith('.memlog.jsonl'))
    .map((path) => ({ path, uuid: middleUuid(path), companions: companions(path) }));
  const folders = [
    roots.projects,
    ...subfolders(roots.projects).filter((folder) => readdirSync(folder).some((name) => name.endsWith('.jsonl'))),
    roots.negative,
    ...(roots.shared === null ? [] : sharedFolders(roots.shared)),
    ...(roots.generated === null ? [] : [roots.generated]),
  ];
  const memoryDirs: MemoryDir[] = [
    ...new Set(files.filter((path) => basename(dirname(path)) === 'memory' && path.endsWith('.md')).map((path) => dirname(path))),
    ...roots.memoryFolders.filter((path) => existsSync(path)),
  ].map((path) => ({
    path,
    memory:
      readdirSync(path)
        .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
        .sort()[0] ?? null,
  }));
  return { transcripts, folders, memoryDirs };
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each group, then the projects folders in it: folders that hold no transcript but whose folders do. */
function sharedFolders(shared: string): string[] {
  return subfolders(shared).flatMap((group) => [group, ...subfolders(group).filter(isProjectsFolder)]);
}

function isProjectsFolder(folder: string): boolean {
  const holdsTranscripts = (dir: string): boolean => readdirSync(dir).some((name) => name.endsWith('.jsonl'));
  return !holdsTranscripts(folder) && subfolders(folder).some(holdsTranscripts);
}

function subfolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name))
    .sort();
}

/** The uuid of the middle user or assistant message among those in the first few MB; other lines are passed over. */
function middleUuid(path: string): string | null {
  const buffer = Buffer.alloc(Math.min(UUID_SCAN_BYTES, statSync(path).size));
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  const uuids: string[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    // Bytes that are not UTF-8 make the reader skip the line, so its uuid names no entry.
    if (line.includes('\uFFFD')) continue;
    try {
      const value = JSON.parse(line) as { type?: unknown; uuid?: unknown; message?: unknown } | null;
      const isMessage =
        (value?.type === 'user' || value?.type === 'assistant') && typeof value.message === 'object' && value.message !== null;
      if (isMessage && typeof value.uuid === 'string') uuids.push(value.uuid);
    } catch {
      // not JSON; `replay --at` needs a line that is an entry
    }
  }
  return uuids[Math.floor(uuids.length / 2)] ?? null;
}

/** Beside `<dir>/<stem>.jsonl`: `<stem>/` (subagents, session notes), `<stem>.*` (a subagent's .meta.json, an effect log) and `memory/`. */
function companions(path: string): string[] {
  const dir = dirname(path);
  const stem = basename(path, '.jsonl');
  return readdirSync(dir)
    .filter((name) => name !== basename(path) && (name === stem || name.startsWith(`${stem}.`) || name === 'memory'))
    .sort()
    .map((name) => join(dir, name));
}
