import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MemlogError } from '../errors.js';

/** A transcript to index, named by its project folder and its session. */
export interface SessionFile {
  readonly path: string;
  readonly project: string;
  readonly session: string;
}

const isTranscriptName = (name: string): boolean => name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl');

/**
 * A file's project and session from Claude Code's layout: `<project>/<session>.jsonl`, or a
 * subagent's `<project>/<session>/subagents/[…/]agent-<id>.jsonl`, whose session is its parent's
 * followed by its own name (`<session>/agent-<id>`), so a hit there still names the session.
 */
export function sessionFileOf(path: string): SessionFile {
  const name = basename(path, '.jsonl');
  const parts = resolve(path).split(/[\\/]/);
  const subagents = parts.lastIndexOf('subagents');
  if (subagents >= 2) return { path, project: parts[subagents - 2] ?? '', session: `${parts[subagents - 1] ?? ''}/${name}` };
  return { path, project: basename(dirname(resolve(path))), session: name };
}

function walk(dir: string, out: SessionFile[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of entries) {
    const path = join(dir, dirent.name);
    // Symbolic links are not followed: no loops, no escapes (as every memlog walk).
    if (dirent.isDirectory()) walk(path, out);
    else if (dirent.isFile() && isTranscriptName(dirent.name)) out.push(sessionFileOf(path));
  }
}

/**
 * Every transcript under the given paths (projects folders, project folders or files), absolute,
 * each once. A path that is not there is an error: an empty result would read as "never said".
 */
export function findSessionFiles(paths: readonly string[]): SessionFile[] {
  const found = new Map<string, SessionFile>();
  for (const given of paths) {
    const path = resolve(given);
    let info;
    try {
      info = statSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new MemlogError('not_found', `no such file or folder: ${given}`, { path });
      throw error;
    }
    const files: SessionFile[] = [];
    if (info.isDirectory()) walk(path, files);
    else if (info.isFile()) files.push(sessionFileOf(path));
    else throw new MemlogError('invalid_argument', `${given} is neither a folder nor a transcript file`, { path });
    for (const file of files) found.set(file.path, file);
  }
  return [...found.values()];
}
