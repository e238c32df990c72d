import { basename, join, sep } from 'node:path';
import { effectLogPath } from '../../pipeline/effectLog.js';

/** The folders a project's memory folder may sit in, as `<folder>/<project>/memory`. */
export interface MemoryRoots {
  /** memlog extract's output folder (`--out`, default ./memlog-out when it is there). */
  readonly extractOut?: string;
  /** The project's folder name in `extractOut` when it differs from the name looked for elsewhere ({@link extractedProjectName}). */
  readonly extractName?: string;
  /** Projects folders: Claude Code's, or the ones a command was given. */
  readonly projectsFolders: readonly string[];
}

/** The memory folder a lookup settled on, and, when none of the places was there, every place it looked in. */
export interface MemoryPlace {
  readonly dir: string;
  readonly lookedIn?: readonly string[];
}

/**
 * A project's memory folder, looked for in order (decision 108): in memlog extract's output folder
 * first, since it is what the person asked memlog to write; then in each projects folder; then
 * `claudeCode`, where Claude Code keeps it. The first that is a folder; else Claude Code's, which
 * its first write makes, with every place looked in, so an empty answer can say why. Folders are
 * taken as given: callers pass them absolute.
 */
export function findProjectMemory(
  project: string,
  roots: MemoryRoots,
  claudeCode: string,
  isFolder: (path: string) => boolean,
): MemoryPlace {
  const extracted = roots.extractOut === undefined ? [] : [join(roots.extractOut, roots.extractName ?? project, 'memory')];
  const places = [...new Set([...extracted, ...roots.projectsFolders.map((folder) => join(folder, project, 'memory')), claudeCode])];
  const found = places.find(isFolder);
  return found === undefined ? { dir: claudeCode, lookedIn: places } : { dir: found };
}

/**
 * The name memlog extract gave a project's folder in its output folder: extract names it by the project's path
 * below the root it was given, parts joined by `__` (`projects__-home-dev-app`), so the name is one of the
 * project folder's path tails. The longest tail extract recorded wins: the one whose `effects/` holds the
 * session's effect log. Undefined when none does, and the caller falls back to the folder's last name
 * (decision 108).
 */
export function extractedProjectName(
  extractOut: string,
  projectFolder: string,
  sessionFile: string,
  isThere: (path: string) => boolean,
): string | undefined {
  const parts = projectFolder.split(sep).filter((part) => part !== '');
  const tails = parts.map((_, start) => parts.slice(start).join(NAME_JOINER));
  return tails.find((name) => isThere(join(extractOut, name, 'effects', basename(effectLogPath(sessionFile)))));
}

/**
 * The same name when only the project's folder name is known (the MCP tools, given a name or a working directory):
 * the folder of extract's output named so, else the one folder whose name ends in `__<name>` and holds memory.
 * Undefined when there is none, or several and no session to tell them apart.
 */
export function extractedNameOf(
  extractOut: string,
  project: string,
  folders: readonly string[],
  isFolder: (path: string) => boolean,
): string | undefined {
  const named = folders.filter((name) => name === project || name.endsWith(`${NAME_JOINER}${project}`));
  if (named.includes(project)) return project;
  const withMemory = named.filter((name) => isFolder(join(extractOut, name, 'memory')));
  return withMemory.length === 1 ? withMemory[0] : undefined;
}

/** What extract joins a project's path parts below its root with to name its output folder (findTargets). */
const NAME_JOINER = '__';
