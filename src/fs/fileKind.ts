import { statSync, type Stats } from 'node:fs';
import { InvalidArgumentError } from '../errors.js';

/**
 * The path's stats through symbolic links, or null when it cannot be looked at (missing, a
 * dangling link or a loop, no permission). Walks use it to leave named pipes, sockets and
 * devices alone: opening a pipe for reading blocks until something writes to it.
 */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** True for a regular file, through symbolic links. */
export function isRegularFile(path: string): boolean {
  return statOrNull(path)?.isFile() === true;
}

/** True for a folder, through symbolic links; false when it is anything else, missing, or cannot be looked at. */
export function isFolder(path: string): boolean {
  return statOrNull(path)?.isDirectory() === true;
}

/** What a path's stats or folder entry say it is: a folder entry answers without another look at the path. */
export type FileKindOf = Pick<Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>;

/** What a path is, for a message that refuses it ("a named pipe (FIFO)"). */
export function describeFileKind(stats: FileKindOf): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The refusal of a path given as a transcript that is a folder, a pipe or a device. */
export function notATranscriptFile(path: string, stats: Stats): InvalidArgumentError {
  return stats.isDirectory()
    ? new InvalidArgumentError(`${path} is a directory; give one transcript .jsonl file (memlog inspect lists them)`, { path })
    : new InvalidArgumentError(`${path} is ${describeFileKind(stats)}, not a transcript file; give one transcript .jsonl file`, { path });
}
