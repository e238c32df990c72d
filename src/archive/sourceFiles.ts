import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fsErrorReason } from '../fs/fsError.js';
import { findTranscriptFiles } from '../transcript/transcriptFiles.js';
import { SKIP_REASONS } from '../transcript/walkedPath.js';

/** A file Claude Code keeps for a session, and its key in the archive (`<project folder>/<path inside it>`). */
export interface SourceFile {
  readonly key: string;
  readonly path: string;
}

/** The files of these project folders to archive, and the ones that cannot be taken (a link loop, a dangling link), by key. */
export interface SessionSources {
  readonly files: readonly SourceFile[];
  readonly skipped: readonly { readonly key: string; readonly reason: string }[];
}

const byKey = (a: { key: string }, b: { key: string }): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Every session of these project folders: each transcript, found as every command finds them
 * (decision 107: links followed, nested folders read), and every file under the `<session>/`
 * folder beside it (subagent transcripts, tool results). Other folders (memory/) are not sessions.
 * Sorted by key, so runs store in a stable order; a file is keyed by its path below the project
 * folder, so a restore puts it back where it was.
 */
export function sessionSources(projectDirs: readonly string[]): SessionSources {
  const files = new Map<string, SourceFile>();
  const skipped: { key: string; reason: string }[] = [];
  for (const projectDir of projectDirs) {
    const keyOf = (path: string): string => [basename(projectDir), ...relative(projectDir, path).split(sep)].join('/');
    const found = findTranscriptFiles([projectDir]);
    for (const { path, reason } of found.skipped) skipped.push({ key: keyOf(path), reason });
    for (const { path } of found.files) {
      files.set(keyOf(path), { key: keyOf(path), path });
      const folder = path.slice(0, -'.jsonl'.length);
      if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() !== true) continue;
      for (const file of filesUnder(folder, new Set(), skipped, keyOf)) files.set(file.key, file);
    }
  }
  return { files: [...files.values()].sort(byKey), skipped: skipped.sort(byKey) };
}

/** The files `memlog archive` stores, without what it cannot take. */
export function listSessionFiles(projectDirs: readonly string[]): SourceFile[] {
  return [...sessionSources(projectDirs).files];
}

/** Regular files under a folder, recursively, through links (a folder reached again is read once); a link that cannot be followed is named. */
function filesUnder(
  dir: string,
  seen: Set<string>,
  skipped: { key: string; reason: string }[],
  keyOf: (path: string) => string,
): SourceFile[] {
  const real = realpathSync(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  const found: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const kind = kindOf(path, entry);
    if (typeof kind !== 'string') skipped.push({ key: keyOf(path), reason: kind.reason });
    else if (kind === 'folder') found.push(...filesUnder(path, seen, skipped, keyOf));
    else if (kind === 'file') found.push({ key: keyOf(path), path });
  }
  return found;
}

function kindOf(path: string, entry: Dirent): 'file' | 'folder' | 'other' | { readonly reason: string } {
  if (!entry.isSymbolicLink()) return entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // In the words of every command's walk (decision 111).
    return { reason: code === 'ENOENT' ? SKIP_REASONS.dangling : code === 'ELOOP' ? SKIP_REASONS.loop : fsErrorReason(code) };
  }
}
