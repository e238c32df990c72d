import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PathEscapeError } from '../errors.js';

/**
 * Resolves a path a model (or a user) asked for against a root and proves it stays inside: no
 * `..` or absolute path elsewhere, no symbolic link in the path or as the target that leads out,
 * no NUL or control characters, no names that only look like `.` or `..`. The check runs on real
 * paths: the deepest part of the path that exists is resolved with realpath, so a link anywhere
 * on the way is followed before the verdict. Returns the real path to use.
 *
 * Errors name the path as it was asked for, never the host path of the root.
 */
export async function resolveInside(root: string, requested: string): Promise<string> {
  const shown = JSON.stringify(requested);
  if (requested === '' || hasControlCharacter(requested))
    throw new PathEscapeError(`refused path ${shown}: empty or contains control characters`, { requested });
  const path = requested.normalize('NFC');
  for (const part of path.split(/[\\/]/)) {
    const folded = part.normalize('NFKC');
    if ((folded === '.' || folded === '..') && part !== folded)
      throw new PathEscapeError(`refused path ${shown}: a name that only looks like "${folded}"`, { requested });
  }
  const rootReal = await realpath(root);
  const candidate = resolve(rootReal, path);
  if (!isWithin(rootReal, candidate)) throw new PathEscapeError(`refused path ${shown}: it leaves the allowed directory`, { requested });
  let real: string;
  try {
    ({ real } = await realDeepest(candidate, 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR')
      throw new PathEscapeError(`refused path ${shown}: it cannot be resolved (${code})`, { requested });
    throw error;
  }
  if (!isWithin(rootReal, real))
    throw new PathEscapeError(`refused path ${shown}: a symbolic link leads out of the allowed directory`, { requested });
  return real;
}

/** resolveInside's real path, or null when it refuses the path (a tool gate then denies it with a reason of its own). */
export async function resolveInsideOrNull(root: string, requested: string): Promise<string | null> {
  try {
    return await resolveInside(root, requested);
  } catch (error) {
    if (error instanceof PathEscapeError) return null;
    throw error;
  }
}

/** Whether `path` is `root` or below it. */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The real path of `path`: realpath of its deepest existing ancestor (itself if it exists, following a final link) plus the rest. */
async function realDeepest(path: string, hops: number): Promise<{ real: string }> {
  if (hops > 40) throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      await lstat(current);
      const real = await realpath(current).catch(async (error: unknown) => {
        // A dangling link: what it points to decides, as a write would create that file.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const target = resolve(dirname(current), await readlink(current));
        return (await realDeepest(target, hops + 1)).real;
      });
      return { real: missing.length === 0 ? real : join(real, ...missing.reverse()) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = dirname(current);
      if (parent === current) return { real: path };
      missing.push(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
      current = parent;
    }
  }
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
