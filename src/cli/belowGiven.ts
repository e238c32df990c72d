import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * How a command names a path its search found: below the folder or file as the user gave it, as every
 * other command names what its walk met (decisions 111, 115). The search index keeps absolute paths,
 * since one index serves every working folder; a path below none of those given stays as it is.
 */
export function belowGiven(given: readonly string[]): (path: string) => string {
  const roots = given.map((root) => ({ root, absolute: resolve(root) }));
  return (path) => {
    for (const { root, absolute } of roots) {
      const below = relative(absolute, path);
      if (below === '') return root;
      if (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below)) return join(root, below);
    }
    return path;
  };
}
