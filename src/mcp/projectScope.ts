import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { autoMemoryDir, findCanonicalGitRoot } from '../memory/durable/index.js';
import { projectName } from '../search/index.js';
import { claudeConfigHome, projectsRoot, sanitizePath } from '../transcript/index.js';

/** How long the server waits for the client's roots before taking its own working directory. */
const ROOTS_TIMEOUT_MS = 2000;

/**
 * The client's working directory: the first file root it lists, when it lists roots; else the
 * server's own working directory, where clients start their servers (decision 72).
 */
export async function clientCwd(server: Server, fallback: string): Promise<string> {
  if (server.getClientCapabilities()?.roots === undefined) return fallback;
  try {
    const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
    const first = roots.find((root) => root.uri.startsWith('file://'));
    return first === undefined ? fallback : fileURLToPath(first.uri);
  } catch {
    return fallback;
  }
}

/** A working directory's project folder name, keyed as Claude Code keys memory: by its git root when it has one. */
export function projectOfCwd(cwd: string): string {
  return sanitizePath((findCanonicalGitRoot(cwd) ?? resolve(cwd)).normalize('NFC'));
}

export interface MemoryScope {
  /** The session paths the server was given: a project's memory folder is looked for in them. */
  readonly paths: readonly string[];
  /** A memory folder fixed at start (`--memory-dir`), used when no project is named. */
  readonly memoryDir?: string;
  /** memlog extract's output folder (`--out`; ./memlog-out when it is there): looked in first (decision 108). */
  readonly extractOut?: string;
}

/**
 * Where the memory folder of a project named by a tool call (a folder name or a path), or of the client's working
 * directory when none is named, is looked for, in order: memlog extract's output folder, the folders the server
 * searches (as `<projects>/<project>/memory`), then where Claude Code keeps it.
 */
export function memoryPlaces(scope: MemoryScope, project: string | undefined, cwd: string): string[] {
  if (project === undefined && scope.memoryDir !== undefined) return [scope.memoryDir];
  const name = project === undefined ? projectOfCwd(cwd) : projectName(project);
  const roots = [...(scope.extractOut === undefined ? [] : [scope.extractOut]), ...scope.paths];
  const claudeCode = project === undefined ? autoMemoryDir({ projectRoot: cwd }) : join(projectsRoot(claudeConfigHome()), name, 'memory');
  return [...new Set([...roots.map((root) => join(resolve(root), name, 'memory')), claudeCode])];
}

const isFolder = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/** The first of a project's {@link memoryPlaces} that is a folder, else Claude Code's (which may not exist yet). */
export function memoryDirFor(scope: MemoryScope, project: string | undefined, cwd: string): string {
  const places = memoryPlaces(scope, project, cwd);
  return places.find(isFolder) ?? places.at(-1) ?? autoMemoryDir({ projectRoot: cwd });
}

/** The memory folder to answer from, and, when it is not there, every place looked in: an empty answer says why. */
export function memoryPlace(scope: MemoryScope, project: string | undefined, cwd: string): { dir: string; lookedIn?: string[] } {
  const dir = memoryDirFor(scope, project, cwd);
  return isFolder(dir) ? { dir } : { dir, lookedIn: memoryPlaces(scope, project, cwd) };
}
