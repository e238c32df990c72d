import { join } from 'node:path';

/** The folders a project's memory folder may sit in, as `<folder>/<project>/memory`. */
export interface MemoryRoots {
  /** memlog extract's output folder (`--out`, default ./memlog-out when it is there). */
  readonly extractOut?: string;
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
  const folders = [...(roots.extractOut === undefined ? [] : [roots.extractOut]), ...roots.projectsFolders];
  const places = [...new Set([...folders.map((folder) => join(folder, project, 'memory')), claudeCode])];
  const found = places.find(isFolder);
  return found === undefined ? { dir: claudeCode, lookedIn: places } : { dir: found };
}
