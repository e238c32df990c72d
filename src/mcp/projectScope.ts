import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isFolder } from '../fs/fileKind.js';
import { autoMemoryDir, extractedNameOf, findCanonicalGitRoot, findProjectMemory, type MemoryPlace } from '../memory/durable/index.js';
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

/** The folders in a folder; none when it cannot be read. */
function foldersIn(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The memory folder of a project named by a tool call (a folder name or a path), or of the client's working
 * directory when none is named, by the lookup every command shares (decision 108): memlog extract's output
 * folder, the folders the server searches, then where Claude Code keeps it. When none is there, every place
 * looked in: an empty answer says why. `--memory-dir` fixes the folder for a call that names no project. In
 * extract's output folder the project goes by the name extract gave it from its path below the root it was
 * given (`projects__<name>`), as `memlog context` finds it.
 */
export function memoryPlace(scope: MemoryScope, project: string | undefined, cwd: string): MemoryPlace {
  if (project === undefined && scope.memoryDir !== undefined)
    return isFolder(scope.memoryDir) ? { dir: scope.memoryDir } : { dir: scope.memoryDir, lookedIn: [scope.memoryDir] };
  const name = project === undefined ? projectOfCwd(cwd) : projectName(project);
  const claudeCode = project === undefined ? autoMemoryDir({ projectRoot: cwd }) : join(projectsRoot(claudeConfigHome()), name, 'memory');
  const extractOut = scope.extractOut === undefined ? undefined : resolve(scope.extractOut);
  const extractName = extractOut === undefined ? undefined : extractedNameOf(extractOut, name, foldersIn(extractOut), isFolder);
  const roots = {
    ...(extractOut === undefined ? {} : { extractOut }),
    ...(extractName === undefined ? {} : { extractName }),
    projectsFolders: scope.paths.map((path) => resolve(path)),
  };
  return findProjectMemory(name, roots, claudeCode, isFolder);
}

/** The memory folder of {@link memoryPlace}, which may not exist yet. */
export function memoryDirFor(scope: MemoryScope, project: string | undefined, cwd: string): string {
  return memoryPlace(scope, project, cwd).dir;
}
