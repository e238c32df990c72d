/**
 * The few path operations the context layer needs, on POSIX paths. The layer is pure (no Node
 * built-ins), and Claude Code's paths in transcripts are absolute POSIX paths on Linux and macOS;
 * Windows paths are out of scope here (docs/pending-issue-8.md).
 */

/** `a/./b/../c` → `a/c`; keeps a leading `/`; never climbs above the root. */
export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length > 0 && parts.at(-1) !== '..') parts.pop();
      else if (!absolute) parts.push('..');
      continue;
    }
    parts.push(part);
  }
  const joined = parts.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

export function joinPath(...parts: string[]): string {
  return normalizePath(parts.filter((part) => part !== '').join('/'));
}

/** `to` resolved against `from` when relative. */
export function resolvePath(from: string, to: string): string {
  return to.startsWith('/') ? normalizePath(to) : joinPath(from, to);
}

export function dirnameOf(path: string): string {
  const normalized = normalizePath(path);
  const at = normalized.lastIndexOf('/');
  if (at < 0) return '.';
  return at === 0 ? '/' : normalized.slice(0, at);
}

export function basenameOf(path: string): string {
  return normalizePath(path).split('/').at(-1) ?? '';
}

/** True when `path` is `dir` or below it. */
export function isInsideDir(path: string, dir: string): boolean {
  const p = normalizePath(path);
  const d = normalizePath(dir);
  return p === d || p.startsWith(d === '/' ? '/' : `${d}/`);
}

/** Every directory from the filesystem root down to `dir`, root first. */
export function ancestorsDownTo(dir: string): string[] {
  const normalized = normalizePath(dir);
  if (!normalized.startsWith('/')) return [normalized];
  const parts = normalized.split('/').filter((part) => part !== '');
  return ['/', ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)];
}

/** The extension, lower case, with the dot; '' for none. */
export function extensionOf(path: string): string {
  const name = basenameOf(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}
