import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../errors.js';
import { notATranscriptFile } from '../fs/fileKind.js';
import { fsErrorReason } from '../fs/fsError.js';
import { lookAtWalked } from './walkedPath.js';

/** A transcript found under a path given, named by its project and its session. */
export interface TranscriptFile {
  readonly path: string;
  /** The folder holding it, by its path below the folder given, parts joined by `__` (the folder's own name at the top). */
  readonly project: string;
  /** Its file name without `.jsonl`; a subagent's is `<session>/agent-<id>`. */
  readonly session: string;
}

/** A path the walk could not take, and why ("a link that points to nothing", "a link loop", "permission denied"). */
export interface SkippedPath {
  readonly path: string;
  readonly reason: string;
}

/** What a walk found: the transcripts, sorted by path, each once, and what it could not take. */
export interface FoundTranscripts {
  readonly files: readonly TranscriptFile[];
  readonly skipped: readonly SkippedPath[];
}

/** Deeper than this a folder is named as skipped, not read: a guard against a tree that never ends. */
export const MAX_TREE_DEPTH = 32;

export { isTranscriptName } from './walkedPath.js';

/**
 * A transcript's project and session from the folders between the root and it: a subagent's
 * `<session>/subagents/[…/]agent-<id>.jsonl` belongs to its session's project, as
 * `<session>/agent-<id>`. Nested folders make one name, as `memlog extract` names its output folder
 * (decision 107).
 */
export function transcriptNamed(root: string, path: string): TranscriptFile {
  const name = basename(path, '.jsonl');
  const folders = relative(root, dirname(path))
    .split(sep)
    .filter((part) => part !== '');
  const subagents = folders.lastIndexOf('subagents');
  const session = subagents >= 1 ? `${folders[subagents - 1] ?? ''}/${name}` : name;
  const projectParts = subagents >= 1 ? folders.slice(0, subagents - 1) : folders;
  return { path, project: projectParts.join('__') || basename(resolve(root)), session };
}

/**
 * A transcript given on its own, named from Claude Code's layout: `<project>/<session>.jsonl`, or a
 * subagent's `<project>/<session>/subagents/[…/]agent-<id>.jsonl`, whose session is its parent's
 * followed by its own name (`<session>/agent-<id>`).
 */
export function sessionFileOf(path: string): TranscriptFile {
  const name = basename(path, '.jsonl');
  const parts = resolve(path).split(/[\\/]/);
  const subagents = parts.lastIndexOf('subagents');
  if (subagents >= 2) return { path, project: parts[subagents - 2] ?? '', session: `${parts[subagents - 1] ?? ''}/${name}` };
  return { path, project: basename(dirname(resolve(path))), session: name };
}

interface Walk {
  readonly root: string;
  readonly files: TranscriptFile[];
  readonly skipped: SkippedPath[];
  /** Real paths of the folders read: a folder reached again through a link (a loop) is read once. */
  readonly seen: Set<string>;
}

function walk(state: Walk, dir: string, depth: number): void {
  let entries: Dirent[];
  try {
    const real = realpathSync(dir);
    if (state.seen.has(real)) return;
    state.seen.add(real);
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    state.skipped.push({ path: dir, reason: fsErrorReason((error as NodeJS.ErrnoException).code) });
    return;
  }
  for (const dirent of entries) take(state, join(dir, dirent.name), dirent, depth);
}

/** One folder entry: a folder is walked (hidden ones aside), a transcript kept, what cannot be taken named (decision 111). */
function take(state: Walk, path: string, dirent: Dirent, depth: number): void {
  const kind = lookAtWalked(path, dirent);
  if (typeof kind === 'object') {
    state.skipped.push({ path, reason: kind.reason });
  } else if (kind === 'folder') {
    if (dirent.name.startsWith('.')) return;
    if (depth < MAX_TREE_DEPTH) walk(state, path, depth + 1);
    else state.skipped.push({ path, reason: `more than ${MAX_TREE_DEPTH} folders below the root` });
  } else if (kind === 'transcript') state.files.push(transcriptNamed(state.root, path));
}

function statGiven(path: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MemlogError('not_found', `no such file or folder: ${path}`, { path });
    throw error;
  }
}

/**
 * Every transcript under the paths given (projects folders, project folders or transcripts), as
 * every command finds them (decision 107): symbolic links to files and folders are followed, a
 * folder reached twice (a loop) read once; a link that cannot be followed (a loop, a dangling link),
 * a folder, pipe or device named like a transcript and a transcript that may not be read are named
 * as skipped, never opened (decision 111); hidden folders are not walked. A path
 * given that is not there is an error: an empty answer would read as "nothing there".
 */
export function findTranscriptFiles(paths: readonly string[]): FoundTranscripts {
  const files = new Map<string, TranscriptFile>();
  const skipped: SkippedPath[] = [];
  for (const path of paths) {
    const stats = statGiven(path);
    if (stats.isDirectory()) {
      const state: Walk = { root: path, files: [], skipped, seen: new Set() };
      walk(state, path, 0);
      for (const file of state.files) if (!files.has(file.path)) files.set(file.path, file);
    } else if (stats.isFile()) {
      if (!files.has(path)) files.set(path, sessionFileOf(path));
    } else throw notATranscriptFile(path, stats);
  }
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  // Roots that overlap (a folder and a folder inside it) walk the same paths twice: each is named once, as each file is read once.
  const skippedOnce = new Map(skipped.map((item) => [item.path, item]));
  return { files: [...files.values()].sort(byPath), skipped: [...skippedOnce.values()].sort(byPath) };
}
