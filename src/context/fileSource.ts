/**
 * How the context layer reads the files it assembles from (CLAUDE.md files, rules, MEMORY.md,
 * session notes). Assembly stays pure; the Node implementation lives in src/jobs/context/nodeFileSource.ts and
 * tests can hand in a map.
 */
export type FileRead =
  | { readonly ok: true; readonly text: string; readonly realPath: string }
  | { readonly ok: false; readonly reason: 'missing' | 'directory' | 'too_large' | 'not_text' | 'unreadable'; readonly detail?: string };

export interface FileSource {
  /** A text file, whole; missing and unreadable files are values, never exceptions. */
  read(path: string): FileRead;
  /** The symlink-resolved path, or null when it cannot be resolved (missing, a loop). */
  realPath(path: string): string | null;
  /** The `.md` files below a directory, recursively, as absolute paths sorted by name; [] when there is none. */
  listMarkdown(dir: string): string[];
  isDirectory(path: string): boolean;
}

/** Files bigger than this are not read at all (Claude Code has no cap; a runaway file must not stall memlog). */
export const MAX_INSTRUCTION_FILE_BYTES = 1024 * 1024;

/** A FileSource over an in-memory map, for tests and for callers that already hold the files. No symlinks. */
export function mapFileSource(files: Readonly<Record<string, string>>): FileSource {
  const has = (path: string) => Object.prototype.hasOwnProperty.call(files, path);
  const isDirectory = (path: string) =>
    !has(path) && Object.keys(files).some((file) => file.startsWith(path.endsWith('/') ? path : `${path}/`));
  return {
    read: (path) => {
      const text = has(path) ? files[path] : undefined;
      if (text !== undefined) return { ok: true, text, realPath: path };
      return isDirectory(path) ? { ok: false, reason: 'directory' } : { ok: false, reason: 'missing' };
    },
    realPath: (path) => (has(path) || isDirectory(path) ? path : null),
    listMarkdown: (dir) =>
      Object.keys(files)
        .filter((file) => file.startsWith(`${dir}/`) && file.endsWith('.md'))
        .sort(),
    isDirectory,
  };
}
